// A realistic user session (the shape of the user-session details response), healthy by
// default; tests break one segment at a time through `withNetwork` and friends.
import type { SessionNetwork, UserSessionDetail } from '../../../src/api/types';

export function healthySession(): UserSessionDetail {
  return {
    userSessionId: 'us-4f2a9c',
    agentId: 'ea-0193',
    roundId: 1795168800,
    date: '2026-11-20 10:00:00',
    committed: '2026-11-20 10:01:12',
    sourceAddr: '203.0.113.24',
    orgName: 'Example Telecom',
    visitedSite: 'portal.example.com',
    protocol: 'https',
    port: 443,
    numberOfPages: 2,
    permalink: 'https://app.example/sessions/us-4f2a9c',
    experienceScore: 0.86,
    browser: { name: 'Chrome', version: '131.0.6778.86' },
    coordinates: { latitude: 52.37, longitude: 4.89, location: 'Amsterdam, Netherlands' },
    pages: [
      {
        id: 'p1',
        title: 'Portal — Home',
        startedDateTime: '2026-11-20 10:00:00',
        responseCode: 200,
        pageTimings: { onContentLoad: 900, onLoad: 1800 },
      },
      {
        id: 'p2',
        title: 'Portal — Reports',
        startedDateTime: '2026-11-20 10:00:09',
        responseCode: 200,
        pageTimings: { onContentLoad: 1200, onLoad: 2600 },
      },
    ],
    network: {
      networkProfile: {
        dnsServers: ['192.168.1.1', '1.1.1.1'],
        gateway: '192.168.1.1',
        ipAddress: '192.168.1.23',
        localPrefix: '192.168.1.0/24',
        subnetMask: '255.255.255.0',
        publicIpAddress: '203.0.113.24',
        publicIpRange: '203.0.113.0/24',
        hardwareType: 'Wireless',
        interfaceName: 'en0',
        type: 'wireless',
        wirelessProfile: {
          bssid: 'a4:2b:b0:11:22:33',
          ssid: 'Office-5G',
          phyMode: '802.11ax',
          vendor: 'Ubiquiti',
          channel: 36,
          noise: -92,
          quality: 82,
          rssi: -55,
          txRate: 573,
        },
      },
      systemMetrics: {
        startTimeMs: 1795168800000,
        endTimeMs: 1795168830000,
        cpuUtilization: { min: 0.08, max: 0.42, mean: 0.21, median: 0.19, stdDev: 0.07, count: 30 },
        physicalMemoryUsedBytes: { min: 9.1e9, max: 9.6e9, mean: 9.4e9, median: 9.4e9, stdDev: 1e8, count: 30 },
        physicalMemoryTotalBytes: 17179869184,
      },
      gatewayPing: { pktsSent: 10, pktsReceived: 10, minRtt: 1.2, avgRtt: 2.4, maxRtt: 5.1, meanDevRtt: 0.8 },
      ping: { pktsSent: 10, pktsReceived: 10, minRtt: 18.1, avgRtt: 21.5, maxRtt: 30.2, meanDevRtt: 2.2 },
      traceroute: {
        destination: '198.51.100.10',
        hops: [
          { hop: 1, delay: 2, ipAddress: '192.168.1.1', name: 'gateway.lan' },
          {
            hop: 2,
            delay: 9,
            ipAddress: '203.0.113.1',
            name: 'bras1.ams.example-telecom.net',
            asn: 64500,
            prefix: '203.0.113.0/24',
          },
          {
            hop: 3,
            delay: 12,
            ipAddress: '198.18.0.5',
            name: 'core2.ams.example-telecom.net',
            asn: 64500,
            prefix: '198.18.0.0/15',
            mpls: ['Label 24017 E=0 TTL=1 S=1'],
          },
          {
            hop: 4,
            delay: 20,
            ipAddress: '198.51.100.10',
            name: 'portal.example.com',
            asn: 64511,
            prefix: '198.51.100.0/24',
          },
        ],
      },
      connect: { rtt: 24 },
      icmpBlocked: false,
      errors: [],
    },
  };
}

export function withNetwork(
  session: UserSessionDetail,
  change: (network: SessionNetwork) => SessionNetwork,
): UserSessionDetail {
  return { ...session, network: change(structuredClone(session.network)) };
}

/** A second session on a weak Wi-Fi link (RSSI −81 dBm) with the given SSID: the compare panel's worse side. */
export function weakWifiSession(ssid: string): UserSessionDetail {
  const session = withNetwork(healthySession(), (network) => {
    const wifi = (network.networkProfile as { wirelessProfile: { rssi: number; ssid: string } }).wirelessProfile;
    wifi.rssi = -81;
    wifi.ssid = ssid;
    return network;
  });
  return { ...session, userSessionId: 'us-second', experienceScore: 0.3 };
}
