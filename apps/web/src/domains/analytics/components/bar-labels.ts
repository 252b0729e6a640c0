/** Long labels (team or competition names) are cut to what fits under their bar. */
function shorten(label: string, chars: number): string {
  return label.length <= chars ? label : `${label.slice(0, chars - 1)}…`;
}

/** The label without the leading words it shares with any other label, its last word kept. */
function ownWords(label: string, others: readonly string[]): string {
  const words = label.split(' ');
  let n = 0;
  while (
    n < words.length - 1 &&
    others.some((o) => o !== label && o.startsWith(`${words.slice(0, n + 1).join(' ')} `))
  )
    n++;
  return words.slice(n).join(' ');
}

const allDistinct = (labels: readonly string[]) => new Set(labels).size === labels.length;

/**
 * The names under the bars, each cut to fit and each telling its bar apart: the whole name when it
 * fits; else the words that name alone has ("Autumn Cup" of "Red Lion Autumn Cup" beside "Red Lion
 * Christmas Pot"); else its end ("…Plate"); numbered only when nothing else tells them apart.
 */
export function barLabels(labels: readonly string[], room: number, fontSize: number): string[] {
  const chars = Math.max(4, Math.floor(room / (fontSize * 0.6)));
  const whole = labels.map((l) => shorten(l, chars));
  if (allDistinct(whole)) return whole;
  const own = labels.map((l) => shorten(ownWords(l, labels), chars));
  if (allDistinct(own)) return own;
  const ends = labels.map((l) => {
    const rest = ownWords(l, labels);
    return rest.length <= chars ? rest : `…${rest.slice(rest.length - chars + 1)}`;
  });
  if (allDistinct(ends)) return ends;
  return own.map((l, i) => `${i + 1}. ${l}`.slice(0, Math.max(chars, 3)));
}
