export { BrokerFeeOverridesSection } from './BrokerFeeOverridesSection';
