/**
 * JSON text already serialized, by PostgreSQL, from a resource's public shape
 * (lib/query/public-shape.ts), for a response that sends it as is. `T` is the value the text
 * holds: a handler answers `JsonText<{ data: PublicLead }>` where another answers the object.
 */
export class JsonText<T> {
  /** Phantom: ties the text to the shape it holds, so one shape can't pass for another. */
  declare readonly shape?: T;
  constructor(readonly text: string) {}

  /** `{"data": <this>}`: the single-resource envelope around this text. */
  asData(): JsonText<{ data: T }> {
    return new JsonText(`{"data":${this.text}}`);
  }
}
