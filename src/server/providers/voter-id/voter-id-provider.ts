/** Voter ID (EPIC) verification: the name on the electoral roll, or not found. */
export type VoterIdResult = { found: true; name: string } | { found: false };

export type VoterIdProvider = {
  verifyVoterId(epic: string): Promise<VoterIdResult>;
};
