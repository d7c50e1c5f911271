export {
  areaOfAddress,
  extractZip,
  haversineKm,
  locateAddress,
  lookupZip,
  type ZipLocation,
} from './geo.service';
