import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { loadInsightsScreen } from './insights-screen.loader';
import { AppShell } from './components/app-shell';
import { lazyScreen } from './components/screen-load-boundary';
import { RequireGuest, RequireSignedIn, RequireSignedOut } from './components/route-guards';
import { AppLockGate } from './features/app-lock/app-lock-gate';
import { LoginScreen } from './features/login/login-screen';
import { useGuestToken } from './session/use-session';

// Everything but /login is lazy, so a first visit to /login loads only the shell and the login.
// lazyScreen: a screen whose code cannot load (offline, online-only and never opened) can be
// retried; the shell's ScreenLoadBoundary says so meanwhile.
const DashboardScreen = lazyScreen(() => import('./features/dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })));
const ProfileScreen = lazyScreen(() => import('./features/profile/profile-screen').then((m) => ({ default: m.ProfileScreen })));
const SyncCentreScreen = lazyScreen(() =>
  import('./features/sync-centre/sync-centre-screen').then((m) => ({ default: m.SyncCentreScreen })),
);
const KycScreen = lazyScreen(() => import('./features/kyc-documents/kyc-screen').then((m) => ({ default: m.KycScreen })));
const CoApplicantsScreen = lazyScreen(() =>
  import('./features/co-applicants/co-applicants-screen').then((m) => ({ default: m.CoApplicantsScreen })),
);
const CoApplicantDetailsScreen = lazyScreen(() =>
  import('./features/co-applicants/co-applicant-details-screen').then((m) => ({ default: m.CoApplicantDetailsScreen })),
);
const BorrowerScreen = lazyScreen(() => import('./features/borrower/borrower-screen').then((m) => ({ default: m.BorrowerScreen })));
const FamilyDetailsScreen = lazyScreen(() =>
  import('./features/family-members/family-details-screen').then((m) => ({ default: m.FamilyDetailsScreen })),
);
const FamilyDetailFormScreen = lazyScreen(() =>
  import('./features/family-members/family-detail-form-screen').then((m) => ({ default: m.FamilyDetailFormScreen })),
);
const RejectionScreen = lazyScreen(() => import('./features/rejection/rejection-screen').then((m) => ({ default: m.RejectionScreen })));
const JoinUsScreen = lazyScreen(() => import('./features/join-us/join-us-screen').then((m) => ({ default: m.JoinUsScreen })));
const TrackScreen = lazyScreen(() => import('./features/join-us/track-screen').then((m) => ({ default: m.TrackScreen })));
const PartnerRequestsScreen = lazyScreen(() =>
  import('./features/partner-requests/partner-requests-screen').then((m) => ({ default: m.PartnerRequestsScreen })),
);
const PartnerRequestScreen = lazyScreen(() =>
  import('./features/partner-requests/partner-request-screen').then((m) => ({ default: m.PartnerRequestScreen })),
);
const WebhookDeliveriesScreen = lazyScreen(() =>
  import('./features/webhooks/webhook-deliveries-screen').then((m) => ({ default: m.WebhookDeliveriesScreen })),
);
const InsightsScreen = lazyScreen(() => loadInsightsScreen().then((m) => ({ default: m.InsightsScreen })));
const OfficersScreen = lazyScreen(() => import('./features/officer-devices/officers-screen').then((m) => ({ default: m.OfficersScreen })));
const OfficerDevicesScreen = lazyScreen(() =>
  import('./features/officer-devices/officer-devices-screen').then((m) => ({ default: m.OfficerDevicesScreen })),
);
const BusinessScreen = lazyScreen(() => import('./features/business/business-screen').then((m) => ({ default: m.BusinessScreen })));
const BankAccountScreen = lazyScreen(() =>
  import('./features/bank-account/bank-account-screen').then((m) => ({ default: m.BankAccountScreen })),
);
const SuccessScreen = lazyScreen(() => import('./features/application-success/success-screen').then((m) => ({ default: m.SuccessScreen })));
const EmploymentScreen = lazyScreen(() => import('./features/employment/employment-screen').then((m) => ({ default: m.EmploymentScreen })));
const PersonalDiscussionScreen = lazyScreen(() =>
  import('./features/employment/employment-screen').then((m) => ({ default: m.PersonalDiscussionScreen })),
);
const AgreementScreen = lazyScreen(() => import('./features/post-sanction/agreement-screen').then((m) => ({ default: m.AgreementScreen })));
const LoanOfferScreen = lazyScreen(() => import('./features/loan-offer/loan-offer-screen').then((m) => ({ default: m.LoanOfferScreen })));
const FinalSubmitScreen = lazyScreen(() =>
  import('./features/loan-offer/final-submit-screen').then((m) => ({ default: m.FinalSubmitScreen })),
);
const SuccessLoanOffersScreen = lazyScreen(() =>
  import('./features/loan-offer/success-loan-offers-screen').then((m) => ({ default: m.SuccessLoanOffersScreen })),
);
const ApplicationsScreen = lazyScreen(() =>
  import('./features/applications/applications-screen').then((m) => ({ default: m.ApplicationsScreen })),
);
const ResumeScreen = lazyScreen(() => import('./features/resume/resume-screen').then((m) => ({ default: m.ResumeScreen })));
const TrackApplicationScreen = lazyScreen(() =>
  import('./features/track/track-application-screen').then((m) => ({ default: m.TrackApplicationScreen })),
);
const PublicTrackApplicationScreen = lazyScreen(() =>
  import('./features/track/track-application-screen').then((m) => ({ default: m.PublicTrackApplicationScreen })),
);
const CpvScreen = lazyScreen(() => import('./features/cpv/cpv-screen').then((m) => ({ default: m.CpvScreen })));
const ReferencesScreen = lazyScreen(() => import('./features/references/references-screen').then((m) => ({ default: m.ReferencesScreen })));
const ReferenceDetailsScreen = lazyScreen(() =>
  import('./features/references/reference-details-screen').then((m) => ({ default: m.ReferenceDetailsScreen })),
);
// The public flow's frame loads with its steps (not in /login's bundle).
const ApplyProgress = lazyScreen(() => import('./components/apply-progress').then((m) => ({ default: m.ApplyProgress })));
const DisbursementScreen = lazyScreen(() =>
  import('./features/disbursement/disbursement-screen').then((m) => ({ default: m.DisbursementScreen })),
);
const CaseViewScreen = lazyScreen(() => import('./features/case-view/case-view-screen').then((m) => ({ default: m.CaseViewScreen })));
const ApplySuccessScreen = lazyScreen(() =>
  import('./features/apply-loan/apply-success-screen').then((m) => ({ default: m.ApplySuccessScreen })),
);

/**
 * /apply-loan/mobile: the borrower's own mobile check first (the sign-in screen with the guest
 * flow: language, OTP, guest token); with the application in the URL, its borrower info step.
 */
function ApplyMobile() {
  const [params] = useSearchParams();
  const guest = useGuestToken();
  return guest && params.get('id') ? <BorrowerScreen /> : <LoginScreen guest />;
}

/** /apply-loan/reference-details: the list of references, or one of them (`record_index`). */
function ApplyReferences() {
  const [params] = useSearchParams();
  return params.has('record_index') ? <ReferenceDetailsScreen /> : <ReferencesScreen />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route element={<RequireSignedIn />}>
          <Route element={<AppLockGate />}>
            <Route path="/" element={<DashboardScreen />} />
            <Route path="/profile" element={<ProfileScreen />} />
            <Route path="/sync" element={<SyncCentreScreen />} />
            <Route path="/application/mobile" element={<BorrowerScreen />} />
            <Route path="/application/kyc" element={<KycScreen />} />
            <Route path="/application/co-applicants" element={<CoApplicantsScreen />} />
            <Route path="/application/co-applicant-details" element={<CoApplicantDetailsScreen />} />
            <Route path="/application/family-details" element={<FamilyDetailsScreen />} />
            <Route path="/application/family-detail-form" element={<FamilyDetailFormScreen />} />
            <Route path="/application/rejection" element={<RejectionScreen />} />
            <Route path="/application/business" element={<BusinessScreen />} />
            <Route path="/application/employment" element={<EmploymentScreen />} />
            <Route path="/application/personal-discussion" element={<PersonalDiscussionScreen />} />
            <Route path="/application/bank-account-details" element={<BankAccountScreen />} />
            <Route path="/application/cpv-info" element={<CpvScreen />} />
            <Route path="/application/references" element={<ReferencesScreen />} />
            <Route path="/application/reference-details" element={<ReferenceDetailsScreen />} />
            <Route path="/application/success" element={<SuccessScreen />} />
            <Route path="/applications" element={<ApplicationsScreen />} />
            <Route path="/application/complete-application" element={<ResumeScreen />} />
            <Route path="/application/track" element={<TrackApplicationScreen />} />
            <Route path="/application/loan-offer" element={<LoanOfferScreen />} />
            <Route path="/application/final-submit" element={<FinalSubmitScreen />} />
            <Route path="/application/agreement" element={<AgreementScreen />} />
            <Route path="/application/success/loan-offers" element={<SuccessLoanOffersScreen />} />
            <Route path="/application/case" element={<CaseViewScreen />} />
            <Route path="/application/disbursement" element={<DisbursementScreen />} />
            {/* Partner registration review: the screens send anyone but a branch manager to /. */}
            <Route path="/partners" element={<PartnerRequestsScreen />} />
            <Route path="/partners/:id" element={<PartnerRequestScreen />} />
            {/* Officers' devices, "device lost" (issue 24): a branch manager's; anyone else goes to /. */}
            <Route path="/officers" element={<OfficersScreen />} />
            <Route path="/officers/:id" element={<OfficerDevicesScreen />} />
            <Route path="/webhooks" element={<WebhookDeliveriesScreen />} />
            {/* The branch pipeline (issue 36): managers' and credit managers'; online only; anyone else goes to /. */}
            <Route path="/insights" element={<InsightsScreen />} />
          </Route>
        </Route>
        <Route element={<RequireSignedOut />}>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/join-us" element={<JoinUsScreen />} />
          <Route path="/join-us/track" element={<TrackScreen />} />
          <Route path="/apply-loan/track" element={<PublicTrackApplicationScreen />} />
          {/* The public applicant flow (DECISIONS "Public applicant flow"): the staff step screens with the guest token. */}
          <Route element={<ApplyProgress />}>
            <Route path="/apply-loan/mobile" element={<ApplyMobile />} />
            <Route element={<RequireGuest />}>
              <Route path="/apply-loan/kyc" element={<KycScreen />} />
              <Route path="/apply-loan/co-applicants" element={<CoApplicantsScreen />} />
              <Route path="/apply-loan/co-applicant-details" element={<CoApplicantDetailsScreen />} />
              <Route path="/apply-loan/business" element={<BusinessScreen />} />
              <Route path="/apply-loan/employment" element={<EmploymentScreen />} />
              <Route path="/apply-loan/reference-details" element={<ApplyReferences />} />
              <Route path="/apply-loan/success" element={<ApplySuccessScreen />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
