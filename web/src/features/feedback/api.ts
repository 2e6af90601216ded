import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type FeedbackAnswers, type PageQuery } from '@pp/contract';
import { call } from '../../api/client.ts';

export const feedbackKeys = { all: ['feedback'] as const };

export const questionsQuery = queryOptions({
  queryKey: [...feedbackKeys.all, 'questions'],
  queryFn: async () => (await call(api.feedback.questions)).response,
  staleTime: Infinity,
});

export const currentFeedbackQuery = queryOptions({
  queryKey: [...feedbackKeys.all, 'current'],
  queryFn: async () => (await call(api.feedback.drafts)).response,
});

export const historiesQuery = (query: Partial<Omit<PageQuery, 'searchTerm'>>) =>
  queryOptions({
    queryKey: [...feedbackKeys.all, 'histories', query],
    queryFn: async () => (await call(api.feedback.histories, { query })).response,
    placeholderData: keepPreviousData,
  });

export const historyQuery = (feedbackNumber: string) =>
  queryOptions({
    queryKey: [...feedbackKeys.all, 'history', feedbackNumber],
    queryFn: async () => (await call(api.feedback.history, { query: { feedbackNumber } })).response,
  });

export const saveFeedbackDraft = async (answers: FeedbackAnswers) =>
  (await call(api.feedback.saveDraft, { body: { answers } })).response;
export const checkFeedback = async (answers: FeedbackAnswers) => (await call(api.feedback.check, { body: { answers } })).response;
export const submitFeedback = async (answers: FeedbackAnswers) =>
  (await call(api.feedback.submit, { body: { answers } })).response;
