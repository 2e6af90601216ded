import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema } from '../envelope.ts';
import { paged, pageQuerySchema } from '../paging.ts';
import { storedFileSchema } from './files.ts';

/**
 * Testimonials (section 7: /api/testimonials*): what the partner's own customers said of its work —
 * who said it, on which project, when, and the letter itself if the partner has it — shown to the
 * group's buyers beside the profile. Bodies are ours: the spec names the calls only.
 */
export const TESTIMONIAL_TEXT_MIN = 20;
export const TESTIMONIAL_TEXT_MAX = 1000;

const name = (max: number) => z.string().trim().min(2).max(max);

export const testimonialBodySchema = z
  .object({
    /** The customer organisation that gave it. */
    customerName: name(200),
    /** The person who signed it, and their designation. */
    givenBy: name(100),
    designation: z.string().trim().max(100).optional(),
    projectName: z.string().trim().max(200).optional(),
    givenOn: z.iso.date({ error: 'must be a date like 2026-04-01' }),
    text: z.string().trim().min(TESTIMONIAL_TEXT_MIN).max(TESTIMONIAL_TEXT_MAX),
    /** The letter of appreciation, uploaded first (POST /api/fileUpload). */
    fileId: z.uuid({ error: 'validation.fileId' }).optional(),
  })
  .strict();
export type TestimonialBody = z.output<typeof testimonialBodySchema>;

export const testimonialSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  givenBy: z.string(),
  designation: z.string().nullable(),
  projectName: z.string().nullable(),
  givenOn: z.iso.date(),
  text: z.string(),
  document: storedFileSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const testimonialEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/testimonials',
    summary: "A page of the partner's testimonials, newest first; searchTerm matches the customer or the project",
    tags: ['testimonials'],
    access: 'partner',
    query: pageQuerySchema,
    response: envelope(paged(testimonialSchema)),
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/testimonials',
    summary: 'Add a testimonial (its date not in the future; the letter, if any, one of the partner’s uploads)',
    tags: ['testimonials'],
    access: 'partner',
    body: testimonialBodySchema,
    response: envelope(testimonialSchema),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/testimonials/:id',
    summary: 'Delete one of the partner’s testimonials',
    tags: ['testimonials'],
    access: 'partner',
    params: z.object({ id: idParamSchema }),
    response: envelope(z.string()),
  }),
};
