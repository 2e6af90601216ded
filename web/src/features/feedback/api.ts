import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type FeedbackAnswers, feedbackEndpoints, type PageQuery } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const feedbackKeys = { all: ['feedback'] as const };

export const questionsQuery = queryOptions({
  queryKey: [...feedbackKeys.all, 'questions'],
  queryFn: () => callData(feedbackEndpoints.questions),
  staleTime: Infinity,
});

export const currentFeedbackQuery = queryOptions({
  queryKey: [...feedbackKeys.all, 'current'],
  queryFn: () => callData(feedbackEndpoints.drafts),
});

export const historiesQuery = (query: Partial<Omit<PageQuery, 'searchTerm'>>) =>
  queryOptions({
    queryKey: [...feedbackKeys.all, 'histories', query],
    queryFn: () => callData(feedbackEndpoints.histories, { query }),
    placeholderData: keepPreviousData,
  });

export const historyQuery = (feedbackNumber: string) =>
  queryOptions({
    queryKey: [...feedbackKeys.all, 'history', feedbackNumber],
    queryFn: () => callData(feedbackEndpoints.history, { query: { feedbackNumber } }),
  });

export const saveFeedbackDraft = async (answers: FeedbackAnswers) =>
  await callData(feedbackEndpoints.saveDraft, { body: { answers } });
export const checkFeedback = (answers: FeedbackAnswers) => callData(feedbackEndpoints.check, { body: { answers } });
export const submitFeedback = async (answers: FeedbackAnswers) => await callData(feedbackEndpoints.submit, { body: { answers } });
