import { type IconProps, StrokeIcon } from './icons';

// Stroke icons used by the public pages, drawn in the shared StrokeIcon frame of components/ui/icons.

export const CheckIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </StrokeIcon>
);
export const CrossIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M7 7l10 10M17 7 7 17" />
  </StrokeIcon>
);
export const LockIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </StrokeIcon>
);
export const SlidersIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </StrokeIcon>
);
export const CalendarIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </StrokeIcon>
);
export const MapPinIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </StrokeIcon>
);
export const ChartIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 4v16h16" />
    <path d="m7.5 14.5 3.5-4 3 2.5 5-6" />
  </StrokeIcon>
);
export const TargetIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1.2" />
  </StrokeIcon>
);
export const RefreshIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4" />
  </StrokeIcon>
);
export const ExternalIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v4.5A1.5 1.5 0 0 1 16.5 20h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10" />
  </StrokeIcon>
);
export const BallIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m12 7.5 3.8 2.8-1.5 4.4H9.7l-1.5-4.4L12 7.5ZM12 3v4.5M20.6 9.3l-4.8 1M17.3 19.4l-3-4.7M6.7 19.4l3-4.7M3.4 9.3l4.8 1" />
  </StrokeIcon>
);
export const UserPlusIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="10" cy="8" r="4" />
    <path d="M3 21c0-4 3.1-7 7-7 1.6 0 3 .4 4.2 1.2M18 14v6M15 17h6" />
  </StrokeIcon>
);
export const UserCheckIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="10" cy="8" r="4" />
    <path d="M3 21c0-4 3.1-7 7-7 1.6 0 3 .4 4.2 1.2M15 18l2 2 4-4" />
  </StrokeIcon>
);
export const RobotIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="4" y="8" width="16" height="12" rx="3" />
    <path d="M12 4v4M9 13h.01M15 13h.01M9.5 17h5" />
    <circle cx="12" cy="3.5" r="1" />
  </StrokeIcon>
);
export const SendIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M21 3 10 14M21 3l-7 18-4-7-7-4 18-7Z" />
  </StrokeIcon>
);
export const ChatIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.2A8 8 0 1 1 20 12Z" />
  </StrokeIcon>
);
