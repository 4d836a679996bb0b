// Phase colours of the waterfall (DevTools' palette), shared by the panel, the HTML report
// and the evidence bundle's waterfall image. In analysis because the evidence bundle (pure
// code) draws with them; webview/shared/har-phases.ts re-exports them for the panels.
import type { Phase } from './model';

export const PHASE_COLORS: Record<Phase, string> = {
  blocked: '#a8a8a8',
  dns: '#1f9e89',
  connect: '#e8830c',
  ssl: '#b05fd6',
  send: '#2f7fd6',
  wait: '#2ea043',
  receive: '#3c8ff0',
};

export const PHASE_LABELS: Record<Phase, string> = {
  blocked: 'Blocked',
  dns: 'DNS',
  connect: 'Connect',
  ssl: 'SSL/TLS',
  send: 'Send',
  wait: 'Wait (TTFB)',
  receive: 'Receive',
};
