import type { ReactElement } from 'react';
import { PAGES, canOpen, type PageAccess, type PagePath } from '@ambassador/contracts';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import VideoCallOutlined from '@mui/icons-material/VideoCallOutlined';
import WebOutlined from '@mui/icons-material/WebOutlined';
import { segmentOf, type PageSegment } from '@/shared/lib/pages';

export type NavItem = { path: PagePath; segment: PageSegment; icon: ReactElement };

const ICONS: Record<PagePath, ReactElement> = {
  '/dashboard': <DashboardOutlined />,
  '/chat': <ChatOutlined />,
  '/live_video': <VideoCallOutlined />,
  '/message': <SendOutlined />,
  '/ai': <PsychologyOutlined />,
  '/talk': <ForumOutlined />,
  '/conversation': <RateReviewOutlined />,
  '/event': <EventNoteOutlined />,
  '/interface': <WebOutlined />,
  '/setting': <AdminPanelSettingsOutlined />,
};

/** The left bar's navigation entries, in the contracts' PAGES order, filtered by page access. */
export function navItemsFor(access: PageAccess): NavItem[] {
  return PAGES.filter((path) => canOpen(access, path)).map((path) => ({
    path,
    segment: segmentOf(path),
    icon: ICONS[path],
  }));
}
