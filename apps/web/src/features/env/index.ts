/** The environment module's public face: the AQI tag others may show (home tiles, the big screen). */
export { AQI_COLOURS, AqiTag } from './components/aqi-tag';
