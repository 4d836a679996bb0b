// Static reference data the generators draw from: places, networks, web sites, hardware.

export interface City {
  name: string;
  /** "City, Region, Country" as the API's location fields print it. */
  location: string;
  countryId: string;
  latitude: number;
  longitude: number;
  /** Short code used inside rDNS names. */
  code: string;
}

export const CITIES: readonly City[] = [
  {
    name: 'San Francisco',
    location: 'San Francisco, California, US',
    countryId: 'US',
    latitude: 37.7749,
    longitude: -122.4194,
    code: 'sfo',
  },
  {
    name: 'New York',
    location: 'New York, New York, US',
    countryId: 'US',
    latitude: 40.7128,
    longitude: -74.006,
    code: 'nyc',
  },
  {
    name: 'Chicago',
    location: 'Chicago, Illinois, US',
    countryId: 'US',
    latitude: 41.8781,
    longitude: -87.6298,
    code: 'chi',
  },
  {
    name: 'Dallas',
    location: 'Dallas, Texas, US',
    countryId: 'US',
    latitude: 32.7767,
    longitude: -96.797,
    code: 'dfw',
  },
  {
    name: 'Seattle',
    location: 'Seattle, Washington, US',
    countryId: 'US',
    latitude: 47.6062,
    longitude: -122.3321,
    code: 'sea',
  },
  {
    name: 'Ashburn',
    location: 'Ashburn, Virginia, US',
    countryId: 'US',
    latitude: 39.0438,
    longitude: -77.4874,
    code: 'iad',
  },
  {
    name: 'London',
    location: 'London, England, UK',
    countryId: 'GB',
    latitude: 51.5074,
    longitude: -0.1278,
    code: 'lon',
  },
  {
    name: 'Frankfurt',
    location: 'Frankfurt am Main, Hesse, DE',
    countryId: 'DE',
    latitude: 50.1109,
    longitude: 8.6821,
    code: 'fra',
  },
  {
    name: 'Amsterdam',
    location: 'Amsterdam, North Holland, NL',
    countryId: 'NL',
    latitude: 52.3676,
    longitude: 4.9041,
    code: 'ams',
  },
  {
    name: 'Paris',
    location: 'Paris, Ile-de-France, FR',
    countryId: 'FR',
    latitude: 48.8566,
    longitude: 2.3522,
    code: 'par',
  },
  {
    name: 'Madrid',
    location: 'Madrid, Madrid, ES',
    countryId: 'ES',
    latitude: 40.4168,
    longitude: -3.7038,
    code: 'mad',
  },
  { name: 'Tokyo', location: 'Tokyo, Tokyo, JP', countryId: 'JP', latitude: 35.6762, longitude: 139.6503, code: 'tyo' },
  { name: 'Singapore', location: 'Singapore, SG', countryId: 'SG', latitude: 1.3521, longitude: 103.8198, code: 'sin' },
  {
    name: 'Sydney',
    location: 'Sydney, New South Wales, AU',
    countryId: 'AU',
    latitude: -33.8688,
    longitude: 151.2093,
    code: 'syd',
  },
  {
    name: 'Bangalore',
    location: 'Bengaluru, Karnataka, IN',
    countryId: 'IN',
    latitude: 12.9716,
    longitude: 77.5946,
    code: 'blr',
  },
  {
    name: 'Sao Paulo',
    location: 'Sao Paulo, Sao Paulo, BR',
    countryId: 'BR',
    latitude: -23.5505,
    longitude: -46.6333,
    code: 'gru',
  },
  {
    name: 'Toronto',
    location: 'Toronto, Ontario, CA',
    countryId: 'CA',
    latitude: 43.6532,
    longitude: -79.3832,
    code: 'yyz',
  },
];

export interface Carrier {
  name: string;
  asn: number;
  /** rDNS domain of its routers. */
  domain: string;
  /** /16 (or wider) block its router addresses come from. */
  block: string;
  /** Carriers that label-switch their core show MPLS labels on some hops. */
  mpls: boolean;
}

/** Access providers (first public hops). */
export const ACCESS_ISPS: readonly Carrier[] = [
  { name: 'Comcast Cable Communications', asn: 7922, domain: 'comcast.net', block: '68.85.0.0/16', mpls: false },
  { name: 'AT&T Services', asn: 7018, domain: 'att.net', block: '12.122.0.0/16', mpls: true },
  { name: 'Verizon Business', asn: 701, domain: 'alter.net', block: '152.179.0.0/16', mpls: true },
  { name: 'Charter Communications', asn: 20115, domain: 'charter.com', block: '96.34.0.0/16', mpls: false },
  { name: 'British Telecommunications', asn: 2856, domain: 'bt.net', block: '213.120.0.0/16', mpls: true },
  { name: 'Deutsche Telekom', asn: 3320, domain: 'dtag.de', block: '62.154.0.0/16', mpls: true },
  { name: 'NTT Communications', asn: 4713, domain: 'ocn.ne.jp', block: '122.1.0.0/16', mpls: false },
  { name: 'Telstra', asn: 1221, domain: 'telstra.net', block: '203.50.0.0/16', mpls: true },
];

/** Transit carriers (middle of the path). */
export const TRANSIT: readonly Carrier[] = [
  { name: 'Cogent', asn: 174, domain: 'atlas.cogentco.com', block: '154.54.0.0/16', mpls: false },
  { name: 'Lumen', asn: 3356, domain: 'level3.net', block: '4.69.0.0/16', mpls: true },
  { name: 'NTT America', asn: 2914, domain: 'gin.ntt.net', block: '129.250.0.0/16', mpls: true },
  { name: 'Arelion', asn: 1299, domain: 'telia.net', block: '62.115.0.0/16', mpls: true },
  { name: 'Zayo', asn: 6461, domain: 'zip.zayo.com', block: '64.125.0.0/16', mpls: true },
  { name: 'GTT', asn: 3257, domain: 'gtt.net', block: '213.200.0.0/16', mpls: false },
  { name: 'Hurricane Electric', asn: 6939, domain: 'he.net', block: '184.105.0.0/16', mpls: false },
];

export interface Destination {
  host: string;
  title: string;
  carrier: Carrier;
  /** Address of the front door, stable per host. */
  serverIp: string;
}

const CLOUDFLARE: Carrier = {
  name: 'Cloudflare',
  asn: 13335,
  domain: 'cloudflare.net',
  block: '104.16.0.0/13',
  mpls: false,
};
const GOOGLE: Carrier = { name: 'Google', asn: 15169, domain: '1e100.net', block: '142.250.0.0/15', mpls: false };
const AMAZON: Carrier = { name: 'Amazon.com', asn: 16509, domain: 'amazonaws.com', block: '52.94.0.0/16', mpls: false };
const MICROSOFT: Carrier = { name: 'Microsoft', asn: 8075, domain: 'msn.net', block: '13.107.0.0/16', mpls: false };
const AKAMAI: Carrier = {
  name: 'Akamai',
  asn: 20940,
  domain: 'deploy.static.akamaitechnologies.com',
  block: '23.32.0.0/11',
  mpls: false,
};
const FASTLY: Carrier = { name: 'Fastly', asn: 54113, domain: 'fastly.net', block: '151.101.0.0/16', mpls: false };
const SALESFORCE: Carrier = {
  name: 'Salesforce.com',
  asn: 14340,
  domain: 'salesforce.com',
  block: '13.108.0.0/14',
  mpls: false,
};

export const DESTINATIONS: readonly Destination[] = [
  { host: 'www.office.com', title: 'Microsoft 365', carrier: MICROSOFT, serverIp: '13.107.6.156' },
  { host: 'outlook.office365.com', title: 'Outlook', carrier: MICROSOFT, serverIp: '13.107.42.14' },
  { host: 'teams.microsoft.com', title: 'Microsoft Teams', carrier: MICROSOFT, serverIp: '13.107.64.2' },
  { host: 'mail.google.com', title: 'Gmail', carrier: GOOGLE, serverIp: '142.250.72.5' },
  { host: 'docs.google.com', title: 'Google Docs', carrier: GOOGLE, serverIp: '142.250.191.46' },
  { host: 'app.slack.com', title: 'Slack', carrier: AMAZON, serverIp: '52.94.233.12' },
  { host: 'zoom.us', title: 'Zoom', carrier: AMAZON, serverIp: '52.94.240.80' },
  { host: 'acme.my.salesforce.com', title: 'Salesforce', carrier: SALESFORCE, serverIp: '13.108.238.140' },
  { host: 'github.com', title: 'GitHub', carrier: MICROSOFT, serverIp: '13.107.21.200' },
  { host: 'www.atlassian.com', title: 'Atlassian', carrier: CLOUDFLARE, serverIp: '104.18.32.71' },
  { host: 'acme.atlassian.net', title: 'Jira', carrier: CLOUDFLARE, serverIp: '104.19.140.12' },
  { host: 'www.netflix.com', title: 'Netflix', carrier: AKAMAI, serverIp: '23.46.19.4' },
  { host: 'www.nytimes.com', title: 'The New York Times', carrier: FASTLY, serverIp: '151.101.1.164' },
  { host: 'intranet.acme.example', title: 'ACME Intranet', carrier: AKAMAI, serverIp: '23.52.83.101' },
];

/** Third-party domains a page pulls assets from. */
export const ASSET_DOMAINS: readonly string[] = [
  'cdn.jsdelivr.net',
  'fonts.gstatic.com',
  'fonts.googleapis.com',
  'www.googletagmanager.com',
  'static.cloudflareinsights.com',
  'cdnjs.cloudflare.com',
  'images.ctfassets.net',
  'js.monitor.azure.com',
  'connect.facebook.net',
  'cdn.segment.com',
  'assets.adobedtm.com',
  'analytics.acme.example',
];

export interface Hardware {
  manufacturer: string;
  model: string;
  platform: 'Mac' | 'Windows';
}

export const HARDWARE: readonly Hardware[] = [
  { manufacturer: 'Apple Inc.', model: 'MacBookPro18,3', platform: 'Mac' },
  { manufacturer: 'Apple Inc.', model: 'MacBookAir10,1', platform: 'Mac' },
  { manufacturer: 'Apple Inc.', model: 'Mac14,2', platform: 'Mac' },
  { manufacturer: 'Dell Inc.', model: 'Latitude 7420', platform: 'Windows' },
  { manufacturer: 'Dell Inc.', model: 'XPS 13 9310', platform: 'Windows' },
  { manufacturer: 'LENOVO', model: '20XW0055US', platform: 'Windows' },
  { manufacturer: 'HP', model: 'HP EliteBook 840 G8', platform: 'Windows' },
  { manufacturer: 'Microsoft Corporation', model: 'Surface Laptop 4', platform: 'Windows' },
];

export const OS_VERSIONS: Record<'Mac' | 'Windows', readonly (readonly [string, string])[]> = {
  Mac: [
    ['macOS 14.4.1', 'Darwin 23.4.0'],
    ['macOS 13.6.6', 'Darwin 22.6.0'],
    ['macOS 15.1', 'Darwin 24.1.0'],
  ],
  Windows: [
    ['Microsoft Windows 10 Enterprise', '10.0.19045'],
    ['Microsoft Windows 11 Enterprise', '10.0.22631'],
    ['Microsoft Windows 11 Pro', '10.0.22621'],
  ],
};

export const BROWSERS: Record<'Mac' | 'Windows', readonly (readonly [string, string])[]> = {
  Mac: [
    ['Chrome', '124.0.6367.91'],
    ['Safari', '17.4.1'],
    ['Chrome', '125.0.6422.60'],
    ['Edge', '124.0.2478.80'],
  ],
  Windows: [
    ['Chrome', '124.0.6367.91'],
    ['Edge', '124.0.2478.80'],
    ['Chrome', '125.0.6422.60'],
    ['Firefox', '125.0.3'],
  ],
};

export const FIRST_NAMES: readonly string[] = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'wendy',
  'yuki',
  'zoe',
  'omar',
  'priya',
  'liam',
];

export const WIFI_VENDORS: readonly string[] = ['Cisco Meraki', 'Aruba Networks', 'Ubiquiti', 'Juniper Mist', 'Ruckus'];
