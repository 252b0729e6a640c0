import type {
  QuizAdminView,
  QuizImport,
  QuizInput,
  QuizJoin,
  QuizJoined,
  QuizList,
  QuizMarked,
  QuizNight,
  QuizScreenState,
  QuizSettings,
  QuizSummary,
  QuizTeamState,
  QuizTieBreak,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http, nativeApiOrigin } from '../../../lib/api.ts';
import { readCookie, serverError, XSRF_COOKIE, XSRF_HEADER } from '../../../lib/http.ts';
import { listenToLiveEvents } from '../../../lib/live-events.ts';
import { isNative } from '../../../lib/platform.ts';
import { AUTH_TOKEN_KEY } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage/storage.ts';

const enc = encodeURIComponent;

export const quizKeys = {
  all: ['quiz'] as const,
  list: ['quiz', 'list'] as const,
  admin: (id: string) => ['quiz', 'admin', id] as const,
  settings: ['quiz', 'settings'] as const,
  team: (id: string) => ['quiz', 'team', id] as const,
  screen: (slug: string) => ['quiz', 'screen', slug] as const,
};

// The quizmaster.
export const fetchQuizzes = () => http.get<QuizList>('/api/admin/quizzes');
export const quizzesQuery = queryOptions({ queryKey: quizKeys.list, queryFn: fetchQuizzes, retry: false });
export const useQuizzes = () => useQuery(quizzesQuery);

export const fetchQuizAdmin = (id: string) => http.get<QuizAdminView>(`/api/admin/quizzes/${enc(id)}`);
export const quizAdminQuery = (id: string) =>
  queryOptions({ queryKey: quizKeys.admin(id), queryFn: () => fetchQuizAdmin(id) });

/** The quizmaster's view, fetched again whenever a team joins or answers, or a question moves on. */
export function useQuizAdmin(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...quizAdminQuery(id), enabled: id !== '', refetchInterval: 5000 });
  useEffect(() => {
    if (!id) return;
    return listenToLiveEvents((e) => {
      if (e.type === 'resync' || (e.type === 'quiz' && e.quizId === id)) {
        void queryClient.invalidateQueries({ queryKey: quizKeys.admin(id) });
      }
    });
  }, [id, queryClient]);
  return query;
}

export const fetchQuizSettings = () => http.get<QuizSettings>('/api/admin/quiz-settings');
export const useQuizSettings = (enabled: boolean) =>
  useQuery({ queryKey: quizKeys.settings, queryFn: fetchQuizSettings, enabled });
export function useSaveQuizSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: QuizSettings) =>
      (await http.request<QuizSettings>('PUT', '/api/admin/quiz-settings', { body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.settings }),
  });
}

export function useCreateQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuizInput) => http.post<{ quiz: QuizSummary }>('/api/admin/quizzes', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.list }),
  });
}

export function useImportQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuizImport) => http.post<{ quiz: QuizSummary }>('/api/admin/quizzes/import', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.list }),
  });
}

export function useCopyQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<{ quiz: QuizSummary }>(`/api/admin/quizzes/${enc(id)}/copy`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.list }),
  });
}

/** Start, next question, close: each answers with the quizmaster's view. */
export function useQuizStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: 'start' | 'next' | 'close') =>
      http.post<QuizAdminView>(`/api/admin/quizzes/${enc(id)}/${step}`),
    onSuccess: (view) => {
      queryClient.setQueryData(quizKeys.admin(id), view);
      void queryClient.invalidateQueries({ queryKey: quizKeys.list });
    },
  });
}

/** A tie-break for the teams sharing a place, once the questions are done: it opens at once. */
export function useTieBreak(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuizTieBreak) =>
      http.post<QuizAdminView>(`/api/admin/quizzes/${enc(id)}/tie-break`, input),
    onSuccess: (view) => queryClient.setQueryData(quizKeys.admin(id), view),
  });
}

/** The night: the club's event, each team's fee, whether unpaid teams are on the board. */
export function useSaveQuizNight(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuizNight) => http.patch<QuizAdminView>(`/api/admin/quizzes/${enc(id)}`, input),
    onSuccess: (view) => {
      queryClient.setQueryData(quizKeys.admin(id), view);
      void queryClient.invalidateQueries({ queryKey: quizKeys.list });
    },
  });
}

/** A team's fee paid in cash at the bar, or that record taken back. */
export function useTeamPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ teamId, paid }: { teamId: string; paid: boolean }) =>
      (
        await http.request<QuizAdminView>(
          'PUT',
          `/api/admin/quizzes/${enc(id)}/teams/${enc(teamId)}/payment`,
          { body: { paid } },
        )
      ).data,
    onSuccess: (view) => queryClient.setQueryData(quizKeys.admin(id), view),
  });
}

export function useMarkAnswer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, correct }: { answerId: string; correct: boolean }) =>
      http.patch<QuizMarked>(`/api/admin/quizzes/${enc(id)}/answers/${enc(answerId)}`, { correct }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.admin(id) }),
  });
}

/** A picture question's image, as multipart/form-data in the field `file`. */
export async function uploadQuizImage(file: File): Promise<{ imageKey: string; url: string }> {
  const path = '/api/admin/quizzes/images';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const bearer = isNative() ? await storage.get(AUTH_TOKEN_KEY).catch(() => '') : '';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  else {
    const token = readCookie(document.cookie, XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(isNative() ? `${nativeApiOrigin}${path}` : path, {
    method: 'POST',
    headers,
    body: form,
    credentials: 'include',
  });
  const body: unknown = await res.json().catch(() => null);
  if (res.status !== 201) throw new Error(serverError(body).message ?? `The upload failed (${res.status}).`);
  return body as { imageKey: string; url: string };
}

// The team's phone.
export function useJoinQuiz() {
  return useMutation({ mutationFn: (input: QuizJoin) => http.post<QuizJoined>('/api/quizzes/join', input) });
}

export const fetchTeamState = (id: string) => http.get<QuizTeamState>(`/api/quizzes/${enc(id)}/state`);

/**
 * What the team's phone shows, fetched again the moment the quiz's live stream tells of a change, and
 * every 15 s besides (a phone whose stream dropped catches up; a reload starts from the server's state).
 */
export function useTeamState(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: quizKeys.team(id),
    queryFn: () => fetchTeamState(id),
    enabled: id !== '',
    refetchInterval: 15_000,
    retry: false,
  });
  const joined = query.isSuccess;
  useEffect(() => {
    if (!id || !joined) return;
    return listenToLiveEvents(
      () => void queryClient.invalidateQueries({ queryKey: quizKeys.team(id) }),
      `/api/quizzes/${enc(id)}/live`,
    );
  }, [id, joined, queryClient]);
  return query;
}

export function useSendAnswer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ questionId, answer }: { questionId: string; answer: string }) =>
      (
        await http.request<{ answer: string }>('PUT', `/api/quizzes/${enc(id)}/answers/${enc(questionId)}`, {
          body: { answer },
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.team(id) }),
  });
}

// The paired TV.
export const fetchScreenQuiz = (slug: string) =>
  http.get<QuizScreenState>(`/api/screens/current/quiz?club=${enc(slug)}`);

/** The club's quiz on the TV: fetched when the screen's stream tells of a change, and every 10 s. */
export function useScreenQuiz(slug: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: quizKeys.screen(slug),
    queryFn: () => fetchScreenQuiz(slug),
    enabled,
    refetchInterval: 10_000,
    refetchIntervalInBackground: true,
    retry: false,
  });
  useEffect(() => {
    if (!enabled) return;
    return listenToLiveEvents(
      (e) => {
        if (e.type === 'quiz' || e.type === 'resync')
          void queryClient.invalidateQueries({ queryKey: quizKeys.screen(slug) });
      },
      `/api/screens/current/live?club=${enc(slug)}`,
    );
  }, [enabled, queryClient, slug]);
  return query;
}
