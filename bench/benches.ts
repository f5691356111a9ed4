// Every benchmark by its name, in the order `npm run bench` runs them (bench/run.ts); the short
// test (tests/bench/short.test.ts) runs each of them once.
import { benchApplicationSubmit } from './application-submit';
import { benchApplicationsList } from './applications-list';
import { benchInsights } from './insights';
import { benchApplyLoanBundle } from './apply-loan-bundle';
import { benchBorrowerBundle } from './borrower-bundle';
import { benchBusinessBundle } from './business-bundle';
import { benchBusinessSubmit } from './business-submit';
import { benchBackupRestore } from './backup-restore';
import { benchBreLoad } from './bre-load';
import { benchClusterSubmit } from './cluster-submit';
import { benchStorageUpload } from './storage-upload';
import { benchKfsRender } from './kfs-render';
import { benchKycCpu } from './kyc-cpu';
import { benchCompressPhoto } from './compress-photo';
import { benchDeviceVault } from './device-vault';
import { benchAadhaarFront } from './aadhaar-front';
import { benchDraftAutosave } from './draft-autosave';
import { benchLighthouse } from './lighthouse';
import { benchLoginBundle } from './login-bundle';
import { benchMeVsHealth } from './me-vs-health';
import { benchObservabilityOverhead } from './observability-overhead';
import { benchOutboxDrain } from './outbox-drain';
import { benchOutboxRecovery } from './outbox-recovery';
import { benchStartup } from './startup';
import { benchStatementCam } from './statement-cam';
import { benchStatementPool } from './statement-pool';
import { benchWebhookDelivery } from './webhook-delivery';

export const BENCHES: Record<string, () => Promise<void>> = {
  'login-bundle': benchLoginBundle,
  'apply-loan-bundle': benchApplyLoanBundle,
  lighthouse: benchLighthouse,
  startup: benchStartup,
  'me-vs-health': benchMeVsHealth,
  'outbox-drain': benchOutboxDrain,
  'outbox-recovery': benchOutboxRecovery,
  'compress-photo': benchCompressPhoto,
  'draft-autosave': benchDraftAutosave,
  'borrower-bundle': benchBorrowerBundle,
  'application-submit': () => benchApplicationSubmit(),
  'kyc-cpu': () => benchKycCpu(),
  'applications-list': benchApplicationsList,
  insights: benchInsights,
  'statement-cam': benchStatementCam,
  'statement-pool': benchStatementPool,
  'business-submit': benchBusinessSubmit,
  'business-bundle': benchBusinessBundle,
  'bre-load': benchBreLoad,
  'kfs-render': benchKfsRender,
  'cluster-submit': benchClusterSubmit,
  'storage-upload': benchStorageUpload,
  'device-vault': benchDeviceVault,
  'aadhaar-front': benchAadhaarFront,
  'webhook-delivery': benchWebhookDelivery,
  'backup-restore': benchBackupRestore,
  'observability-overhead': benchObservabilityOverhead,
};
