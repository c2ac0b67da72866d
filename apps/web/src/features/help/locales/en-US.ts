import type { helpZhCN } from './zh-CN';

export const helpEnUS: typeof helpZhCN = {
  title: 'User guide',
  intro:
    'This platform runs a city’s street lights day to day: see the state of each lamp, switch and dim, plan schedules and find poles on the map.',
  sections: {
    start: {
      title: 'Getting started',
      body: 'After signing in, the home page shows how many lamps are on, off, offline and faulted, the online and lighting rates and today’s energy. The side menu lists the pages by module; opened pages stay as tabs at the top, and the home tab cannot be closed.',
    },
    lamps: {
      title: 'Lamp control',
      body: 'In the lamp list, filter by state, area or road, select lamps and switch them on, off or dim them from the toolbar, or address a whole group, gateway or project. Progress shows in the drawer on the right.',
    },
    map: {
      title: 'Map',
      body: 'The map colours poles by state and separates them as you zoom in. Click a pole for its details and controls. The base map address is set in Platform settings; when tiles cannot be loaded, a notice appears above the map.',
    },
    strategies: {
      title: 'Schedules',
      body: 'In Strategies, set switching and dimming by sunset, sunrise or fixed times, choose groups or gateways and push them; the gateway version view shows which gateways are not yet in sync.',
    },
    access: {
      title: 'Projects and access',
      body: 'A project is visible to the departments chosen for it and their sub-departments. If the lists are empty and say no project is visible to your department, ask an administrator to add your department to the project under Projects.',
    },
  },
  links: {
    title: 'More',
    api: 'API reference (development and integration)',
  },
};
