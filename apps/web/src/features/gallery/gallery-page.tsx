import { imagesOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function GalleryPage() {
  return (
    <PlaceholderPage icon={imagesOutline} heading="No photos yet" back="/app/tabs/club">
      <p>Photos from the club will appear here once the club adds them.</p>
    </PlaceholderPage>
  );
}
