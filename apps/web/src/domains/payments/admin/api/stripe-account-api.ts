import type { ClubPaymentAccount, StripeOnboardingLink } from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.ts';

export const stripeAccountKey = ['admin', 'stripe-account'] as const;

// GET /api/admin/stripe-account
export const stripeAccountQuery = queryOptions({
  queryKey: stripeAccountKey,
  queryFn: () => http.get<ClubPaymentAccount>('/api/admin/stripe-account'),
});
export const useStripeAccount = () => useQuery(stripeAccountQuery);

// POST /api/admin/stripe-account/onboarding: a link to Stripe's hosted onboarding
export const startStripeOnboarding = () =>
  http.post<StripeOnboardingLink>('/api/admin/stripe-account/onboarding');
export const useStartStripeOnboarding = () => useMutation({ mutationFn: startStripeOnboarding });

// POST /api/admin/stripe-account/refresh: asks Stripe for the account's state now
export const refreshStripeAccount = () => http.post<ClubPaymentAccount>('/api/admin/stripe-account/refresh');
export function useRefreshStripeAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refreshStripeAccount,
    onSuccess: (account) => client.setQueryData(stripeAccountKey, account),
  });
}
