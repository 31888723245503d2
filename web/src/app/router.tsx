import { lazy, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth';

/*
 * Route availability (PRODUCT.md section 2). The route set depends on the session: while it loads only a spinner shows;
 * signed out there are /, /pricing and /test-signup; signed in the navigation bar frames every screen. Anything
 * else is the 404 page. Screens load lazily so the first page ships only what it shows.
 */

const LandingPage = lazy(() => import('@/features/marketing/components/landing-page').then((m) => ({ default: m.LandingPage })));
const PricingPage = lazy(() => import('@/features/marketing/components/pricing-page').then((m) => ({ default: m.PricingPage })));
const TestSignupPage = lazy(() => import('@/features/auth/components/test-signup-page').then((m) => ({ default: m.TestSignupPage })));
const DashboardPage = lazy(() => import('@/features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const SearchPage = lazy(() => import('@/features/search/components/search-page').then((m) => ({ default: m.SearchPage })));
const MonitoringPage = lazy(() => import('@/features/monitoring/components/monitoring-page').then((m) => ({ default: m.MonitoringPage })));
const MonitorPage = lazy(() => import('@/features/monitoring/components/monitor-page').then((m) => ({ default: m.MonitorPage })));
const ReviewPage = lazy(() => import('@/features/review/components/review-page').then((m) => ({ default: m.ReviewPage })));
const CasesPage = lazy(() => import('@/features/cases/components/cases-page').then((m) => ({ default: m.CasesPage })));
const DmcaPage = lazy(() => import('@/features/cases/components/case-page').then((m) => ({ default: m.DmcaPage })));
const SettingsPage = lazy(() => import('@/features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage })));
const AccountPage = lazy(() => import('@/features/account/components/account-page').then((m) => ({ default: m.AccountPage })));
const HelpPage = lazy(() => import('@/features/help/components/help-page').then((m) => ({ default: m.HelpPage })));
const CompetitivePage = lazy(() => import('@/features/competitive/components/competitive-page').then((m) => ({ default: m.CompetitivePage })));
const RiskDashboardPage = lazy(() => import('@/features/risk/components/risk-dashboard-page').then((m) => ({ default: m.RiskDashboardPage })));
const ContactPage = lazy(() => import('@/features/contact/components/contact-page').then((m) => ({ default: m.ContactPage })));
const AgentPage = lazy(() => import('@/features/agent/components/agent-page').then((m) => ({ default: m.AgentPage })));
const AdminPage = lazy(() => import('@/features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })));
const AppShell = lazy(() => import('./app-shell').then((m) => ({ default: m.AppShell })));

/** The site's routes for the current session. */
export function AppRouter() {
  const auth = useUser();
  return (
    <>
      <ScrollToTop />
      {auth.status === 'loading' ? (
        <div className="flex min-h-svh items-center justify-center">
          <PageSpinner label="Checking your session" />
        </div>
      ) : auth.status === 'signed-in' ? (
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/" element={<DashboardPage />} />
            <Route path="/search" element={<SearchPage />} />
            <Route path="/monitoring" element={<MonitoringPage />} />
            <Route path="/monitoring/:id" element={<MonitorPage />} />
            <Route path="/review" element={<ReviewPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/cases" element={<CasesPage />} />
            <Route path="/dmca/new" element={<DmcaPage />} />
            <Route path="/dmca/:id" element={<DmcaPage />} />
            <Route path="/account" element={<AccountPage />} />
            <Route path="/help" element={<HelpPage />} />
            <Route path="/competitive" element={<CompetitivePage />} />
            <Route path="/risk-dashboard" element={<RiskDashboardPage />} />
            <Route path="/contact" element={<ContactPage />} />
            <Route path="/admin" element={<AdminPage />} />
            <Route path="/agent" element={<AgentPage />} />
            <Route path="/pricing" element={<PricingPage signedIn />} />
            <Route path="/test-signup" element={<TestSignupPage signedIn />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      ) : (
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/test-signup" element={<TestSignupPage />} />
          <Route
            path="*"
            element={
              <div className="flex min-h-svh bg-muted/30">
                <NotFoundPage />
              </div>
            }
          />
        </Routes>
      )}
    </>
  );
}

/** Starts each new page at the top, as a full page load would (the router keeps the scroll position otherwise). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
