import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type FeedbackAnswers, type PageQuery } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const feedbackKeys = { all: ['feedback'] as const };

export const questionsQuery = queryOptions({
  queryKey: [...feedbackKeys.all, 'questions'],
  queryFn: () => callData(api.feedback.questions),
  staleTime: Infinity,
});

export const currentFeedbackQuery = queryOptions({
  queryKey: [...feedbackKeys.all, 'current'],
  queryFn: () => callData(api.feedback.drafts),
});

export const historiesQuery = (query: Partial<Omit<PageQuery, 'searchTerm'>>) =>
  queryOptions({
    queryKey: [...feedbackKeys.all, 'histories', query],
    queryFn: () => callData(api.feedback.histories, { query }),
    placeholderData: keepPreviousData,
  });

export const historyQuery = (feedbackNumber: string) =>
  queryOptions({
    queryKey: [...feedbackKeys.all, 'history', feedbackNumber],
    queryFn: () => callData(api.feedback.history, { query: { feedbackNumber } }),
  });

export const saveFeedbackDraft = async (answers: FeedbackAnswers) =>
  await callData(api.feedback.saveDraft, { body: { answers } });
export const checkFeedback = (answers: FeedbackAnswers) => callData(api.feedback.check, { body: { answers } });
export const submitFeedback = async (answers: FeedbackAnswers) => await callData(api.feedback.submit, { body: { answers } });
