import { IonButton, IonContent } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { useClubSettings } from './api/clubs-api.ts';
import './clubs.css';

/** A printable A4 poster for the bar: the QR code of the club's join link, the link and the code. */
export function PosterPage() {
  const settings = useClubSettings();
  const url = settings.data?.joinUrl;
  const qr = useQuery({
    queryKey: ['poster-qr', url],
    enabled: !!url,
    queryFn: () => QRCode.toString(url ?? '', { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <>
      <PageHeader title="Poster" back="/club-settings" />
      <IonContent>
        <div className="no-print ion-padding">
          <IonButton onClick={() => window.print()}>Print (A4)</IonButton>
        </div>
        {settings.isPending || qr.isPending ? (
          <InlineLoading />
        ) : settings.isError ? (
          <p role="alert">{settings.error.message}</p>
        ) : (
          <article className="poster" aria-label="Poster">
            {settings.data.logoUrl ? (
              <img src={settings.data.logoUrl} alt="" style={{ maxHeight: '30mm' }} />
            ) : null}
            <h1>Last Man Standing at {settings.data.name}</h1>
            <p>
              Pick one Premier League team a week. Survive while your team wins. Last one standing takes the
              pot.
            </p>
            {/* Our own SVG, made by the qrcode package from the club's link. */}
            <div
              className="poster__qr"
              data-testid="poster-qr"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated locally, not user input
              dangerouslySetInnerHTML={{ __html: qr.data ?? '' }}
            />
            <p>Scan to join, or go to</p>
            <p className="poster__url" data-testid="poster-url">
              {settings.data.joinUrl}
            </p>
            <p>
              Join code: <span className="poster__code">{settings.data.joinCode}</span>
            </p>
          </article>
        )}
      </IonContent>
    </>
  );
}
