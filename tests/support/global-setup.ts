import { probeServers } from './servers';

export default probeServers;
