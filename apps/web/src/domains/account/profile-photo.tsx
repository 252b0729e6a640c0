import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import type { Me } from '@lastman/api';
import { isPhotoType, PHOTO_MAX_BYTES, PHOTO_TYPES } from '@lastman/api/account/rules';
import { cameraOutline, closeCircleOutline } from 'ionicons/icons';
import { type ChangeEvent, useRef } from 'react';
import { showError, showToast } from '../../lib/toast.ts';
import { useRemovePhoto, useUploadPhoto } from './account-api.ts';

/** "Change photo" (a file picker) and "Remove photo" for the signed-in user's profile photo. */
export function ProfilePhotoButtons({ me }: { me: Me }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const busy = upload.isPending || remove.isPending;

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isPhotoType(file.type)) {
      return showToast('Choose a JPEG, PNG or WebP image.', 'error');
    }
    if (file.size > PHOTO_MAX_BYTES) {
      return showToast('That photo is too large: at most 5 MB.', 'error');
    }
    upload.mutate(file, {
      onSuccess: () => showToast('Your photo has been updated.'),
      onError: showError,
    });
  };

  return (
    <div className="button-row">
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        hidden
        aria-label="Choose a photo"
        data-testid="photo-input"
        onChange={picked}
      />
      <IonButton size="small" fill="outline" disabled={busy} onClick={() => input.current?.click()}>
        <IonIcon slot="start" icon={cameraOutline} aria-hidden="true" />
        {upload.isPending ? <IonSpinner name="dots" aria-label="Uploading" /> : 'Change photo'}
      </IonButton>
      {me.user.image ? (
        <IonButton
          size="small"
          fill="clear"
          color="medium"
          disabled={busy}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => showToast('Your photo has been removed.'),
              onError: showError,
            })
          }
        >
          <IonIcon slot="start" icon={closeCircleOutline} aria-hidden="true" />
          Remove photo
        </IonButton>
      ) : null}
    </div>
  );
}
