// FormData → the JSON shapes the zod schemas expect. A form can only send strings: an empty
// box means "no value" (null), numbers arrive as text. A number that cannot be read is kept as
// text so the schema rejects it, and its message is replaced by a plainer one (`formatErrors`).

export class FormFields {
  readonly formatErrors: Record<string, string> = {};

  constructor(private readonly formData: FormData) {}

  has(name: string): boolean {
    return this.formData.has(name);
  }

  /** The raw text, or undefined when the form has no such field. */
  raw(name: string): string | undefined {
    const value = this.formData.get(name);
    return typeof value === "string" ? value : undefined;
  }

  text(name: string): string | undefined {
    return this.raw(name);
  }

  /** Trimmed text; an empty box is null. */
  nullableText(name: string): string | null | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    return value.trim() === "" ? null : value.trim();
  }

  /** A whole number (spaces, commas and a leading currency sign allowed); empty is null. */
  wholeNumber(name: string, message = "Enter a whole number, e.g. 450000"): number | string | null | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const compact = value.replace(/[\s,]/g, "").replace(/^[$€£]/, "");
    if (compact === "") return null;
    if (/^\d+$/.test(compact)) return Number(compact);
    this.formatErrors[name] = message;
    return value;
  }

  /** A decimal number; empty is null. */
  decimal(name: string, message = "Enter a number, e.g. 78.5"): number | string | null | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const compact = value.replace(/[\s,]/g, "");
    if (compact === "") return null;
    if (/^\d+(\.\d+)?$/.test(compact)) return Number(compact);
    this.formatErrors[name] = message;
    return value;
  }

  /** A comma-separated list: trimmed, empty items dropped. */
  list(name: string): string[] | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    return value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  }

  /** A checkbox: present (checked) or not. Only read when the form has the box at all. */
  checkbox(name: string): boolean {
    return this.formData.get(name) === "on";
  }
}

/** Drops undefined entries so a strict schema only sees the fields the form sent. */
export function definedOnly<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
