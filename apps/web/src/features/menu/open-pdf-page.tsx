import { documentTextOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function OpenPdfPage() {
  return (
    <PlaceholderPage icon={documentTextOutline} heading="The menu is not available yet" back="/app/tabs/club">
      <p>When the club uploads its food and drink menu as a PDF, it opens here.</p>
    </PlaceholderPage>
  );
}
