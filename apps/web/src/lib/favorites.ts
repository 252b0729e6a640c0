/** The original's favorites: an in-memory list of plain values with add, remove and has. */
export class Favorites<T = string> {
  #items: T[] = [];

  has(item: T): boolean {
    return this.#items.includes(item);
  }

  add(item: T): void {
    if (!this.has(item)) this.#items.push(item);
  }

  remove(item: T): void {
    this.#items = this.#items.filter((existing) => existing !== item);
  }

  list(): readonly T[] {
    return [...this.#items];
  }
}

export const favorites = new Favorites<string>();
