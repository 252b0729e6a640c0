import { restaurantOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function MenuManagerPage() {
  return (
    <PlaceholderPage icon={restaurantOutline} heading="No menu items yet" back="/admin">
      <p>
        Here admins will add categories and dishes, set prices and allergens, mark items unavailable and
        upload the menu PDF.
      </p>
    </PlaceholderPage>
  );
}
