import type { clubColours } from './theme.ts';

/**
 * The pages' whole style sheet, inline in the page: no request for it, nothing to wait for. The
 * system's own fonts; phone first, two columns from 720 px. Controls are at least 44 px high.
 */
export function pageCss(c: ReturnType<typeof clubColours>): string {
  return `:root{--primary:${c.primary};--on-primary:${c.onPrimary};--secondary:${c.secondary};--ink:${c.inkOnWhite}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a;background:#f6f6f4}
a{color:var(--ink)}
h1,h2,h3{line-height:1.2;margin:0 0 .5em}
h1{font-size:1.9rem}
h2{font-size:1.35rem;margin-top:1.6em}
h3{font-size:1.1rem}
p{margin:0 0 .75em}
.wrap{max-width:880px;margin:0 auto;padding:0 16px}
.banner{background:var(--primary);color:var(--on-primary);border-bottom:6px solid var(--secondary);padding:12px 0}
.banner a{color:var(--on-primary)}
.back{display:inline-flex;align-items:center;min-height:44px;text-decoration:none;font-weight:600}
.brand{display:flex;align-items:center;gap:12px;min-height:64px}
.logo{border-radius:12px;background:#fff;object-fit:contain}
.club-name{font-size:1.25rem;font-weight:700;margin:0}
.club-name a{text-decoration:none}
.address{margin:0;opacity:.9;font-size:.95rem}
main.wrap{padding:20px 16px 32px}
.hero p{font-size:1.05rem}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0 8px}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;min-width:44px;padding:10px 20px;border-radius:10px;background:var(--primary);color:var(--on-primary);font-weight:700;text-decoration:none;border:2px solid var(--primary)}
.button.secondary{background:#fff;color:var(--ink);border-color:currentColor}
.button:focus-visible,a:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
.cards{list-style:none;padding:0;margin:0;display:grid;gap:12px}
.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.facts{display:flex;flex-wrap:wrap;gap:6px 16px;font-weight:700;font-size:1.1rem}
.muted{color:#555}
.block{display:block}
.events,.dishes,.plain{list-style:none;padding:0;margin:0 0 12px}
.event a{display:flex;flex-direction:column;min-height:44px;padding:10px 12px;margin-bottom:8px;background:#fff;border-radius:10px;text-decoration:none;color:#1a1a1a;box-shadow:0 1px 2px rgba(0,0,0,.1)}
.event time{font-size:.9rem;color:#555}
.event-title{font-weight:700;color:var(--ink)}
.dish{background:#fff;border-radius:10px;padding:12px;margin-bottom:10px}
.dish-head{display:flex;justify-content:space-between;gap:12px;padding:4px 0}
.dish-name{font-weight:700}
.price{white-space:nowrap;font-variant-numeric:tabular-nums}
.tags{display:flex;flex-wrap:wrap;gap:6px}
.tag{background:#e8f5e9;color:#1b5e20;border-radius:999px;padding:2px 10px;font-size:.85rem;font-weight:600}
.allergens{font-size:.9rem;margin:0 0 4px}
.allergen-list{columns:2;padding-left:20px}
.photos{list-style:none;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:8px}
.photos img{width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:8px;display:block}
.hours{border-collapse:collapse;width:100%;max-width:360px;background:#fff;border-radius:10px}
.hours th,.hours td{text-align:left;padding:6px 10px;border-bottom:1px solid #eee}
.address-block{font-style:normal;white-space:pre-line;margin-bottom:8px}
.facts-list{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;background:#fff;padding:16px;border-radius:12px}
.facts-list dt{font-weight:700}
.facts-list dd{margin:0}
.event-image{width:100%;height:auto;border-radius:12px;margin:12px 0}
.description{white-space:pre-line;margin-top:16px}
.share-note{font-size:.9rem;margin-top:24px}
.footer{border-top:1px solid #ddd;padding:16px 0;font-size:.9rem;color:#555}
@media (min-width:720px){h1{font-size:2.4rem}.cards{grid-template-columns:1fr 1fr}.photos{grid-template-columns:repeat(4,1fr)}.two{display:grid;grid-template-columns:1fr 1fr;gap:32px}}
`;
}
