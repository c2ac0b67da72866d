import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BulbOutlined,
  CameraOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  DashboardOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  HomeOutlined,
  SettingOutlined,
  SoundOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * Menu icon names (upstream antd 3 names, e.g. `home`, or antd 4+ names, e.g. `HomeOutlined`)
 * → icons. Only a handful are bundled; unknown names show no icon (icons are optional).
 */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  setting: <SettingOutlined />,
  bulb: <BulbOutlined />,
  desktop: <DesktopOutlined />,
  sound: <SoundOutlined />,
  camera: <CameraOutlined />,
  cloud: <CloudOutlined />,
  alert: <AlertOutlined />,
  'bar-chart': <BarChartOutlined />,
  'clock-circle': <ClockCircleOutlined />,
  environment: <EnvironmentOutlined />,
  tool: <ToolOutlined />,
  appstore: <AppstoreOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  const key = name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return ICONS[key];
}
