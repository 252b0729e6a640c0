import type {
  ClubCreate,
  ClubCreated,
  ClubSettings,
  ClubSettingsUpdate,
  ClubSetup,
  InvitationCreate,
  InvitationCreated,
  InvitationView,
  Member,
  Membership,
  PendingInvitationList,
  Role,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const clubKeys = {
  settings: ['admin', 'club'] as const,
  members: (search: string) => ['admin', 'members', search] as const,
};

/** Acting in another club changes every answer: everything is fetched again. */
async function afterClubChange() {
  await queryClient.invalidateQueries();
}

export const clubSettingsQuery = queryOptions({
  queryKey: clubKeys.settings,
  queryFn: () => http.get<ClubSettings>('/api/admin/club'),
});
export const useClubSettings = () => useQuery(clubSettingsQuery);

// GET /api/admin/club/setup: under the settings' key, so saving the settings ticks the colours again.
export const clubSetupQuery = queryOptions({
  queryKey: [...clubKeys.settings, 'setup'] as const,
  queryFn: () => http.get<ClubSetup>('/api/admin/club/setup'),
});
export const useClubSetup = () => useQuery(clubSetupQuery);

export const membersQuery = (search: string) =>
  queryOptions({
    queryKey: clubKeys.members(search),
    queryFn: () =>
      http.get<{ members: Member[] }>(
        search ? `/api/admin/members?search=${encodeURIComponent(search)}` : '/api/admin/members',
      ),
  });
export const useMembers = (search: string) => useQuery(membersQuery(search));

export const useCreateClub = () =>
  useMutation({
    mutationFn: (input: ClubCreate) => http.post<ClubCreated>('/api/clubs', input),
    onSuccess: afterClubChange,
  });

export const switchClub = async (clubId: string) => {
  await http.request('PUT', '/api/me/club', { body: { clubId } });
  await afterClubChange();
};

export const joinClub = async (input: { slug?: string; joinCode?: string }) => {
  const joined = await http.post<Membership>('/api/me/clubs', input);
  await afterClubChange();
  return joined;
};

export const useLeaveClub = () =>
  useMutation({
    mutationFn: (clubId: string) => http.delete<null>(`/api/me/clubs/${clubId}`),
    onSuccess: afterClubChange,
  });

export const useUpdateClubSettings = () =>
  useMutation({
    mutationFn: (input: ClubSettingsUpdate) => http.patch<ClubSettings>('/api/admin/club', input),
    onSuccess: afterClubChange,
  });

export const useRenewJoinCode = () =>
  useMutation({
    mutationFn: () => http.post<ClubSettings>('/api/admin/club/join-code', {}),
    onSuccess: (settings) => queryClient.setQueryData(clubKeys.settings, settings),
  });

export const useUploadLogo = () =>
  useMutation({
    mutationFn: async (file: Blob) =>
      (await http.request<ClubSettings>('PUT', '/api/admin/club/logo', { body: file })).data,
    onSuccess: afterClubChange,
  });

export const useCloseClub = () =>
  useMutation({
    mutationFn: (confirmSlug: string) => http.post<null>('/api/admin/club/close', { confirmSlug }),
    onSuccess: afterClubChange,
  });

export const useChangeRole = () =>
  useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      http.patch<Member>(`/api/admin/members/${userId}`, { role }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
  });

export const useRemoveMember = () =>
  useMutation({
    mutationFn: (userId: string) => http.delete<null>(`/api/admin/members/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
  });

const invitationKeys = { pending: ['admin', 'invitations'] as const };
const refreshPending = () => queryClient.invalidateQueries({ queryKey: invitationKeys.pending });

export const useCreateInvitation = () =>
  useMutation({
    mutationFn: (input: InvitationCreate) => http.post<InvitationCreated>('/api/admin/invitations', input),
    onSuccess: refreshPending,
  });

/** The club's invitations waiting to be accepted (not accepted, withdrawn or expired). */
export const pendingInvitationsQuery = queryOptions({
  queryKey: invitationKeys.pending,
  queryFn: () => http.get<PendingInvitationList>('/api/admin/invitations'),
});
export const usePendingInvitations = () => useQuery(pendingInvitationsQuery);

export const useResendInvitation = () =>
  useMutation({
    mutationFn: (id: string) => http.post<InvitationCreated>(`/api/admin/invitations/${id}/resend`, {}),
    onSuccess: refreshPending,
  });

export const useWithdrawInvitation = () =>
  useMutation({
    mutationFn: (id: string) => http.delete<null>(`/api/admin/invitations/${id}`),
    onSuccess: refreshPending,
  });

/** Whose club an invitation link is for, which role, and whether it is still open (signed in or not). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: () => http.get<InvitationView>(`/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
export const useInvitation = (token: string) => useQuery(invitationQuery(token));

export const acceptInvitation = async (token: string) => {
  const joined = await http.post<Membership>(`/api/invitations/${encodeURIComponent(token)}/accept`, {});
  await afterClubChange();
  return joined;
};
