import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type PageQuery, type TestimonialBody } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const testimonialKeys = { all: ['testimonials'] as const };

export const testimonialsQuery = (query: Partial<PageQuery>) =>
  queryOptions({
    queryKey: [...testimonialKeys.all, query],
    queryFn: () => callData(api.testimonials.list, { query }),
    placeholderData: keepPreviousData,
  });

export const addTestimonial = (body: TestimonialBody) => callData(api.testimonials.add, { body });
export const removeTestimonial = (id: number) => callData(api.testimonials.remove, { params: { id } });
