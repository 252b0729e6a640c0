import type { ClockCode } from '@lastman/api';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { fetchClockCode } from './clock-api.ts';

const REFRESH_MS = 20_000;

/** The clock-in QR code, fetched again every 20 seconds (a new one each minute; each works for five). */
export function TillCode({ tillKey }: { tillKey?: string }) {
  const [code, setCode] = useState<ClockCode | null>(null);
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      fetchClockCode(tillKey)
        .then(async (c) => {
          const drawn = await QRCode.toString(c.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
          if (!live) return;
          setCode(c);
          setSvg(drawn);
          setError(null);
        })
        .catch((e: Error) => live && setError(e.message));
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [tillKey]);
  if (error) {
    return (
      <p className="form-error" role="alert">
        The code could not be shown: {error}
      </p>
    );
  }
  if (!code || !svg) return <p className="muted">Getting the code…</p>;
  return (
    <figure className="till-code" data-testid="till-code" data-token={code.token}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from our own URL */}
      <div className="till-code__qr" dangerouslySetInnerHTML={{ __html: svg }} />
      <figcaption>
        Scan with your phone’s camera to clock in. The code changes every minute; each one works for 5
        minutes.
      </figcaption>
    </figure>
  );
}
