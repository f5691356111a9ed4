// Who may use an application: the one access check of every application route (docs/access-policy.md).
export {
  APPLICATION_CHANGED_MEANWHILE,
  APPLICATION_NOT_FOUND,
  NOT_ALLOWED_HERE,
  accessBeforeBody,
  accessTo,
  addStage,
  isCreatorRole,
  isReviewer,
  loadApplicationFor,
  mayUseApplications,
  policyRefusal,
  refusalBeforeLookup,
  requireApplicationRole,
  statusRefusal,
  withStage,
} from './application-access';
