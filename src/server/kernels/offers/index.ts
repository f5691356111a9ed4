// The loan offer as stored and bound to what it was computed from (the BRE's inputs): a changed basis voids it.
export { breInputsOf, isOfferCurrent } from './bre-inputs';
export { offerBasisOf, voidIfStale, voidStaleAcceptance, voidStaleAcceptanceOf } from './offer-binding';
export { OFFER_CHANGED, storedOffer, writeOfferIfUnchanged } from './offer-store';
