// The payments rules both apps apply, written once, without zod.

/** The order number people read and say: the first 8 characters of its id, upper case ("3F2A9C1B"). */
export function shortOrderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
