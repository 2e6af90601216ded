import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type PageQuery, type TestimonialBody, testimonialEndpoints } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const testimonialKeys = { all: ['testimonials'] as const };

export const testimonialsQuery = (query: Partial<PageQuery>) =>
  queryOptions({
    queryKey: [...testimonialKeys.all, query],
    queryFn: () => callData(testimonialEndpoints.list, { query }),
    placeholderData: keepPreviousData,
  });

export const addTestimonial = (body: TestimonialBody) => callData(testimonialEndpoints.add, { body });
export const removeTestimonial = (id: number) => callData(testimonialEndpoints.remove, { params: { id } });
