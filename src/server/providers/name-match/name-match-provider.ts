/** Compares two person names; `score` is 0-100. */
export type NameMatchResult = { is_match: boolean; score: number };

export type NameMatchProvider = {
  match(a: string, b: string): Promise<NameMatchResult>;
};
