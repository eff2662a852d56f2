/**
 * The comments of a client-year and the people a comment may mention (docs/product.md#comments):
 * queries keyed by this feature's factory, mutations that reload the list once stored, and the
 * live `comments` event that reloads it when someone else wrote.
 */
import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentAnswer, CommentPeopleAnswer, CommentsAnswer } from '@/domain/answers';
import type { CreateCommentBody, PatchCommentBody } from '@/domain/comments-schemas';
import { api } from '@/web/lib/api-client';
import { sharedKeys } from '@/web/lib/query-keys';
import { useLiveComments } from '@/web/lib/use-live';

export type Comment = CommentAnswer;
export type Person = CommentPeopleAnswer[number];

export const commentKeys = {
  all: () => [...sharedKeys.data, 'comments'] as const,
  list: (year: number, clientId: string) => [...commentKeys.all(), year, clientId] as const,
  people: (clientId: string) => [...commentKeys.all(), 'people', clientId] as const,
};

export const commentsQueryOptions = (year: number, clientId: string) =>
  queryOptions({
    queryKey: commentKeys.list(year, clientId),
    queryFn: ({ signal }) =>
      api.get<CommentsAnswer>(`/api/comments?clientId=${encodeURIComponent(clientId)}&year=${year}`, signal),
  });

export const useComments = (year: number, clientId: string) => useQuery(commentsQueryOptions(year, clientId));

export const usePeople = (clientId: string) =>
  useQuery({
    queryKey: commentKeys.people(clientId),
    queryFn: ({ signal }) =>
      api.get<CommentPeopleAnswer>(`/api/comments/people?clientId=${encodeURIComponent(clientId)}`, signal),
    staleTime: 60_000,
  });

/** Reloads the list when the stream says the client-year's comments changed. */
export function useLiveCommentsReload(year: number, clientId: string): void {
  const queryClient = useQueryClient();
  useLiveComments(
    useCallback(
      (place: { clientId: string; year: number }) => {
        if (place.clientId === clientId && place.year === year)
          void queryClient.invalidateQueries({ queryKey: commentKeys.list(year, clientId) });
      },
      [queryClient, year, clientId],
    ),
  );
}

/** Posts, patches and deletes the client-year's comments; each reloads the list once stored. */
export function useCommentWrites(year: number, clientId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: commentKeys.list(year, clientId) });
  const create = useMutation({
    mutationFn: (body: Omit<CreateCommentBody, 'clientId' | 'year'>) =>
      api.post<CommentAnswer>('/api/comments', { ...body, clientId, year }),
    onSuccess: reload,
  });
  const patch = useMutation({
    mutationFn: ({ id, ...body }: PatchCommentBody & { id: number }) =>
      api.patch<CommentAnswer>(`/api/comments/${id}`, body),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/comments/${id}`),
    onSuccess: reload,
  });
  return { create, patch, remove };
}
