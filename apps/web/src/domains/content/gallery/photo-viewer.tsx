import { IonButton, IonIcon } from '@ionic/react';
import type { GalleryPhoto } from '@lastman/api';
import { chevronBackOutline, chevronForwardOutline, closeOutline, trashOutline } from 'ionicons/icons';
import { type PointerEvent, useEffect, useRef } from 'react';

/** How far a finger must travel sideways to count as a swipe, in CSS pixels. */
const SWIPE_PX = 40;

/**
 * The full-screen viewer: swipe left or right on a phone, the arrow keys on a desktop, Escape or
 * the close button to leave. Managers get a delete button.
 */
export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
  onDelete,
}: {
  photos: GalleryPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  onDelete?: ((photo: GalleryPhoto) => void) | undefined;
}) {
  const photo = photos[index];
  const start = useRef<{ x: number; y: number } | null>(null);
  const closeButton = useRef<HTMLIonButtonElement>(null);
  const go = (delta: number) => {
    const next = index + delta;
    if (next >= 0 && next < photos.length) onIndex(next);
  };

  // The keys read the photo shown now through a ref: an effect re-subscribed after each render runs
  // after the paint, so a second key pressed in between met the handler
  // of the photo before and went nowhere.
  const keys = useRef({ go, onClose });
  keys.current = { go, onClose };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') keys.current.go(1);
      else if (e.key === 'ArrowLeft') keys.current.go(-1);
      else if (e.key === 'Escape') keys.current.onClose();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    closeButton.current?.focus();
  }, []);

  if (!photo) return null;
  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = e.clientX - from.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - from.y)) go(dx < 0 ? 1 : -1);
  };

  return (
    <div
      className="photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label="Photo viewer"
      data-testid="photo-viewer"
    >
      <div className="photo-viewer__bar">
        <span className="photo-viewer__count" aria-live="polite">
          {index + 1} of {photos.length}
        </span>
        <span className="photo-viewer__actions">
          {onDelete ? (
            <IonButton
              fill="clear"
              color="light"
              onClick={() => onDelete(photo)}
              aria-label="Delete this photo"
            >
              <IonIcon aria-hidden="true" slot="icon-only" icon={trashOutline} />
            </IonButton>
          ) : null}
          <IonButton
            ref={closeButton}
            fill="clear"
            color="light"
            onClick={onClose}
            aria-label="Close the viewer"
          >
            <IonIcon aria-hidden="true" slot="icon-only" icon={closeOutline} />
          </IonButton>
        </span>
      </div>
      <div
        className="photo-viewer__stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <img
          key={photo.id}
          src={photo.url}
          alt={photo.caption ?? `Photo ${index + 1} of ${photos.length}`}
          width={photo.width}
          height={photo.height}
          draggable={false}
          data-testid="viewer-image"
          data-photo-id={photo.id}
        />
      </div>
      <div className="photo-viewer__footer">
        <IonButton
          fill="clear"
          color="light"
          disabled={index === 0}
          onClick={() => go(-1)}
          aria-label="Previous photo"
        >
          <IonIcon aria-hidden="true" slot="icon-only" icon={chevronBackOutline} />
        </IonButton>
        <p className="photo-viewer__caption">{photo.caption ?? ''}</p>
        <IonButton
          fill="clear"
          color="light"
          disabled={index === photos.length - 1}
          onClick={() => go(1)}
          aria-label="Next photo"
        >
          <IonIcon aria-hidden="true" slot="icon-only" icon={chevronForwardOutline} />
        </IonButton>
      </div>
    </div>
  );
}
