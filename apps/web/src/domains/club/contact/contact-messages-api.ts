import type { ContactMessageList, ContactMessageResult } from '@lastman/api';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

export type MessageFilter = 'all' | 'open' | 'done';

const contactKeys = {
  all: ['admin', 'contact-messages'] as const,
  list: (status: MessageFilter) => ['admin', 'contact-messages', status] as const,
};

/** The club's contact messages: open ones first (`all`), or only the open or the done ones. */
export const contactMessagesQuery = (status: MessageFilter) =>
  queryOptions({
    queryKey: contactKeys.list(status),
    queryFn: () => http.get<ContactMessageList>(`/api/admin/contact-messages?status=${status}`),
  });
export const useContactMessages = (status: MessageFilter) => useQuery(contactMessagesQuery(status));

/** A reply or a change of status moves the message between the lists: every list is fetched again. */
const refreshLists = () => queryClient.invalidateQueries({ queryKey: contactKeys.all });

export const useReplyToMessage = () =>
  useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) =>
      http.post<ContactMessageResult>(`/api/admin/contact-messages/${id}/replies`, { reply }),
    onSuccess: refreshLists,
  });

export const useSetMessageDone = () =>
  useMutation({
    mutationFn: ({ id, done }: { id: string; done: boolean }) =>
      http.patch<ContactMessageResult>(`/api/admin/contact-messages/${id}`, { done }),
    onSuccess: refreshLists,
  });
