import { TEXTS, type Paged, type PageQuery, type Testimonial, type TestimonialBody, type Text } from '@pp/contract';
import type { Db, Prisma } from '@pp/db';
import { Invalid, NotFound, type AuthContext } from '@pp/platform';
import { keysetPage } from '../../lib/paging.ts';
import { filesInfo, ownFileIds } from '../../lib/stored-files.ts';

type Row = Prisma.TestimonialGetPayload<object>;

async function toTestimonials(db: Db, rows: Row[]): Promise<Testimonial[]> {
  const files = await filesInfo(
    db,
    rows.flatMap((r) => (r.fileId ? [r.fileId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    customerName: r.customerName,
    givenBy: r.givenBy,
    designation: r.designation,
    projectName: r.projectName,
    givenOn: r.givenOn.toISOString().slice(0, 10),
    text: r.text,
    document: (r.fileId && files.get(r.fileId)) || null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listTestimonials(db: Db, partnerId: number, query: PageQuery): Promise<Paged<Testimonial>> {
  const term = query.searchTerm || undefined;
  const where: Prisma.TestimonialWhereInput = {
    partnerId,
    ...(term
      ? {
          OR: [
            { customerName: { contains: term, mode: 'insensitive' } },
            { projectName: { contains: term, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
  const page = await keysetPage<Row, number>(query, {
    total: () => db.testimonial.count({ where }),
    rows: ({ after, skip, take }) =>
      db.testimonial.findMany({
        where: after === null ? where : { AND: [where, { id: { lt: after } }] },
        orderBy: { id: 'desc' },
        skip,
        take,
      }),
    keyOf: (r) => r.id,
  });
  return { ...page, items: await toTestimonials(db, page.items) };
}

export async function addTestimonial(
  db: Db,
  auth: AuthContext,
  partnerId: number,
  body: TestimonialBody,
  now: Date,
): Promise<Testimonial> {
  if (body.givenOn > now.toISOString().slice(0, 10)) throw Invalid('givenOn', 'must not be in the future');
  if (body.fileId && !(await ownFileIds(db, auth, [body.fileId], now)).has(body.fileId))
    throw Invalid('fileId', TEXTS.notYourUpload);
  const row = await db.testimonial.create({
    data: {
      partnerId,
      customerName: body.customerName,
      givenBy: body.givenBy,
      designation: body.designation || null,
      projectName: body.projectName || null,
      givenOn: new Date(`${body.givenOn}T00:00:00Z`),
      text: body.text,
      fileId: body.fileId ?? null,
      createdAt: now,
    },
  });
  const [testimonial] = await toTestimonials(db, [row]);
  return testimonial!;
}

export async function removeTestimonial(db: Db, partnerId: number, id: number): Promise<Text> {
  const { count } = await db.testimonial.deleteMany({ where: { id, partnerId } });
  if (count === 0) throw NotFound(TEXTS.testimonialNotFound);
  return TEXTS.testimonialDeleted;
}
