import { describe, expect, it } from 'vitest';
import { api, type Testimonial } from '@pp/contract';
import {
  callApi,
  createPartnerUser,
  createStaffUser,
  okResponse as ok,
  samplePdf,
  setupFeatureTest,
  signIn,
  uploadFile,
} from '@pp/testing';

const { db, app } = await setupFeatureTest({ at: new Date('2026-11-25T10:00:00Z') });

async function partnerSession() {
  const user = await createPartnerUser(db);
  return { ...user, ...(await signIn(app, user.username)) };
}

const letter = {
  customerName: 'Konkan Cement Works Ltd',
  givenBy: 'S. Deshpande',
  designation: 'Head of Projects',
  projectName: 'Ratnagiri Grinding Unit',
  givenOn: '2026-08-14',
  text: 'Supplied and erected 1,200 MT of structural steel ahead of schedule with no safety incident.',
};

describe('testimonials', () => {
  it('adds one with its letter, lists them newest first, searches by customer or project, deletes', async () => {
    const p = await partnerSession();
    const upload = await uploadFile(
      app,
      { name: 'appreciation.pdf', content: samplePdf('appreciation.pdf') },
      { headers: p.auth },
    );
    const fileId = upload.json().response.UniqueID;
    const first = await ok<Testimonial>(callApi(app, api.testimonials.add, { headers: p.auth, body: { ...letter, fileId } }));
    expect(first).toMatchObject({ ...letter, document: { uniqueId: fileId, fileName: 'appreciation.pdf' } });
    const second = await ok<Testimonial>(
      callApi(app, api.testimonials.add, {
        headers: p.auth,
        body: {
          customerName: 'Malwa Infra Projects',
          givenBy: 'R. Jain',
          givenOn: '2026-10-01',
          text: 'Prompt deliveries of TMT bars across three sites.',
        },
      }),
    );
    expect(second).toMatchObject({ designation: null, projectName: null, document: null });

    const all = await ok<{ items: Testimonial[]; total: number }>(callApi(app, api.testimonials.list, { headers: p.auth }));
    expect(all.items.map((t) => t.customerName)).toEqual(['Malwa Infra Projects', 'Konkan Cement Works Ltd']);
    for (const searchTerm of ['konkan', 'GRINDING']) {
      const found = await ok<{ items: Testimonial[] }>(
        callApi(app, api.testimonials.list, { headers: p.auth, query: { searchTerm } }),
      );
      expect(found.items.map((t) => t.id)).toEqual([first.id]);
    }

    // Another partner neither sees nor deletes them.
    const other = await partnerSession();
    expect((await ok<{ total: number }>(callApi(app, api.testimonials.list, { headers: other.auth }))).total).toBe(0);
    const foreign = await callApi(app, api.testimonials.remove, { headers: other.auth, params: { id: first.id } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.error().failureMessage).toBe('No such testimonial.');
    expect(await ok(callApi(app, api.testimonials.remove, { headers: p.auth, params: { id: first.id } }))).toBe(
      'Testimonial deleted',
    );
    expect(await db.testimonial.count({ where: { partnerId: p.partner.id } })).toBe(1);
  });

  it('refuses bad input naming the field, another partner’s file, no token and staff', async () => {
    const p = await partnerSession();
    const other = await partnerSession();
    const upload = await uploadFile(app, { name: 'theirs.pdf', content: samplePdf('theirs.pdf') }, { headers: other.auth });
    for (const [body, field] of [
      [{ ...letter, givenOn: '2026-12-01' }, 'givenOn: must not be in the future'],
      [{ ...letter, givenOn: '14/08/2026' }, 'givenOn: '],
      [{ ...letter, text: 'Too short.' }, 'text: '],
      [{ ...letter, customerName: '' }, 'customerName: '],
      [{ ...letter, fileId: 'not-a-uuid' }, 'fileId: '],
      [{ ...letter, fileId: upload.json().response.UniqueID }, 'fileId: must be a file you uploaded'],
      [{ ...letter, rating: 5 }, ''],
    ] as const) {
      const res = await callApi(app, api.testimonials.add, { headers: p.auth, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage).toContain(field);
    }
    expect(await db.testimonial.count({ where: { partnerId: p.partner.id } })).toBe(0);
    expect((await callApi(app, api.testimonials.remove, { headers: p.auth, params: { id: 'x' } })).statusCode).toBe(400);
    expect((await callApi(app, api.testimonials.list)).statusCode).toBe(401);
    expect((await callApi(app, api.testimonials.add, { body: letter })).statusCode).toBe(401);
    const staff = await createStaffUser(db, 'BUYER');
    expect((await callApi(app, api.testimonials.list, { headers: (await signIn(app, staff.username)).auth })).statusCode).toBe(
      403,
    );
  });
});
