/** The states and cities of the five countries: the shared reference data of packages/domain (places.ts). */
export { OTHER_PLACE as OTHER, type Place, STATES, type State, statesOf } from "@portal/domain/places";
