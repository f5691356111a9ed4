/** The business rules engine's score of a borrower (DECISIONS.md "Business rules engine"): an outside service in a real deployment. */
export type BreScoreProvider = {
  score(borrower: { pan: string; name: string }): Promise<number>;
};
