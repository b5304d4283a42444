import { createBrowserRouter } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { RouteLoading } from './routes/route-loading';

/**
 * Every screen is its own lazy chunk, so the first visit (often a QR code scanned at the gate)
 * downloads only the page it opens. Paths come from the contract: links in the wild use them.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteLoading,
    children: [
      { path: WebRoute.home, lazy: () => import('./routes/home') },
      { path: WebRoute.login, lazy: () => import('./routes/login') },
      { path: WebRoute.quickLogin, lazy: () => import('./routes/login') },
      { path: WebRoute.search, lazy: () => import('./routes/community-search') },
      { path: WebRoute.communityChooser, lazy: () => import('./routes/community-chooser') },
      { path: WebRoute.correction, lazy: () => import('./routes/info-correction') },
      { path: WebRoute.mapPicker, lazy: () => import('./routes/map-picker') },
      { path: WebRoute.neighbours, lazy: () => import('./routes/neighbours') },
      { path: WebRoute.nearby, lazy: () => import('./routes/nearby') },
      { path: WebRoute.placeDetail, lazy: () => import('./routes/place-detail') },
      { path: WebRoute.streetInfo, lazy: () => import('./routes/street-info') },
      { path: WebRoute.communityInfo, lazy: () => import('./routes/community-info') },
      { path: WebRoute.register, lazy: () => import('./routes/register') },
      { path: WebRoute.pass, lazy: () => import('./routes/pass') },
      { path: WebRoute.registrationDetail, lazy: () => import('./routes/registration-detail') },
      { path: WebRoute.support, lazy: () => import('./routes/support') },
      { path: WebRoute.privacy, lazy: () => import('./routes/privacy') },
      { path: WebRoute.myData, lazy: () => import('./routes/my-data') },
      { path: WebRoute.manageCentre, lazy: () => import('./routes/manage-centre') },
      { path: WebRoute.records, lazy: () => import('./routes/records') },
      { path: WebRoute.entryLogs, lazy: () => import('./routes/entry-logs') },
      { path: WebRoute.vehicles, lazy: () => import('./routes/vehicles') },
      { path: WebRoute.gateScanner, lazy: () => import('./routes/gate-scanner') },
      { path: WebRoute.invite, lazy: () => import('./routes/invite') },
      { path: WebRoute.visit, lazy: () => import('./routes/visit') },
      { path: WebRoute.invitations, lazy: () => import('./routes/invitations') },
      { path: WebRoute.dutyStaff, lazy: () => import('./routes/duty-staff') },
      { path: WebRoute.addDutyStaff, lazy: () => import('./routes/add-duty-staff') },
      { path: WebRoute.communityGate, lazy: () => import('./routes/community-gate') },
      { path: WebRoute.managedCommunities, lazy: () => import('./routes/managed-communities') },
      { path: WebRoute.dashboard, lazy: () => import('./routes/dashboard') },
      { path: WebRoute.units, lazy: () => import('./routes/units') },
      { path: WebRoute.residentsImport, lazy: () => import('./routes/residents-import') },
      { path: WebRoute.notices, lazy: () => import('./routes/notices') },
      { path: WebRoute.auditLog, lazy: () => import('./routes/audit-log') },
      { path: WebRoute.retention, lazy: () => import('./routes/retention') },
      { path: WebRoute.ownerVotes, lazy: () => import('./routes/owner-votes') },
      { path: WebRoute.pollNotice, lazy: () => import('./routes/poll-notice') },
      { path: WebRoute.createPoll, lazy: () => import('./routes/poll-create') },
      { path: WebRoute.poll, lazy: () => import('./routes/poll') },
      { path: WebRoute.pollList, lazy: () => import('./routes/poll-list') },
      { path: WebRoute.vote, lazy: () => import('./routes/vote') },
      { path: WebRoute.boardManage, lazy: () => import('./routes/board-manage') },
      { path: WebRoute.selfCheck, lazy: () => import('./routes/self-check') },
      { path: WebRoute.embedDemo, lazy: () => import('./routes/embed-demo') },
      { path: WebRoute.board, lazy: () => import('./routes/board') },
      { path: `${WebRoute.boardPerson}/:openId?`, lazy: () => import('./routes/board-person') },
      { path: WebRoute.boardSearch, lazy: () => import('./routes/board-search') },
      { path: WebRoute.boardSearchList, lazy: () => import('./routes/board-search-list') },
      { path: WebRoute.boardPost, lazy: () => import('./routes/board-post') },
      { path: WebRoute.boardPostRefresh, lazy: () => import('./routes/board-post') },
      { path: WebRoute.boardPublish, lazy: () => import('./routes/board-publish') },
      { path: WebRoute.boardRules, lazy: () => import('./routes/board-rules') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
