// The slots of the jobs that one node of many runs (the hourly clean-up, the payout settlement, the webhooks).
export { claimJobSlot } from './job-slot';
