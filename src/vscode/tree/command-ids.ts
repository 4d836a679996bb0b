// Tree commands other features call (ids shared without importing the tree and its provider).
export const REFRESH_DEPLOYED_TESTS = 'netmon.refreshDeployedTests';
