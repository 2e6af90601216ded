import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type PageQuery, type TestimonialBody } from '@pp/contract';
import { call } from '../../api/client.ts';

export const testimonialKeys = { all: ['testimonials'] as const };

export const testimonialsQuery = (query: Partial<PageQuery>) =>
  queryOptions({
    queryKey: [...testimonialKeys.all, query],
    queryFn: async () => (await call(api.testimonials.list, { query })).response,
    placeholderData: keepPreviousData,
  });

export const addTestimonial = async (body: TestimonialBody) => (await call(api.testimonials.add, { body })).response;
export const removeTestimonial = async (id: number) => (await call(api.testimonials.remove, { params: { id } })).response;
