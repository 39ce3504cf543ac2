// Octicons of the side menu, by the kebab-case names manifests use. Only the names we
// know are bundled (a full name→component map would pull every octicon into the first
// page); unknown names fall back to a neutral icon.
import {
  AppsIcon, BriefcaseIcon, BellIcon, CpuIcon, DatabaseIcon, GearIcon, GitMergeIcon, GraphIcon,
  OrganizationIcon, PaintbrushIcon, PersonIcon, PulseIcon, SearchIcon, ShieldCheckIcon,
  ToolsIcon, VerifiedIcon, WorkflowIcon, type Icon,
} from '@primer/octicons-react';

const ICONS: Record<string, Icon> = {
  apps: AppsIcon,
  bell: BellIcon,
  briefcase: BriefcaseIcon,
  cpu: CpuIcon,
  database: DatabaseIcon,
  gear: GearIcon,
  'git-merge': GitMergeIcon,
  graph: GraphIcon,
  organization: OrganizationIcon,
  paintbrush: PaintbrushIcon,
  person: PersonIcon,
  pulse: PulseIcon,
  search: SearchIcon,
  'shield-check': ShieldCheckIcon,
  tools: ToolsIcon,
  verified: VerifiedIcon,
  workflow: WorkflowIcon,
};

export function menuIcon(name: string | undefined): Icon {
  return (name && ICONS[name]) || AppsIcon;
}
