import { fingerPrintOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function BioAuthPage() {
  return (
    <PlaceholderPage
      icon={fingerPrintOutline}
      heading="Passkeys are coming soon"
      back="/login"
      action={{ label: 'Log in', href: '/login' }}
    >
      <p>
        Sign in with your fingerprint, face or device PIN instead of a password. For now, please log in with
        your email and password.
      </p>
    </PlaceholderPage>
  );
}
