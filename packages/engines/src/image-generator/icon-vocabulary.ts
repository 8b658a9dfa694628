/**
 * Nouns the built-in generator can draw, each mapped to a Fluent Emoji Flat icon. Every group says
 * where its things belong in a scene and how big they are next to a person (1). Each line is
 * `icon: word word…`; a word with '_' is a phrase ('ice_cream'), and a line without words is called by
 * its icon name with '-' read as a space. Plurals are found by rule (see singular), not listed.
 */
export type Placement = 'ground' | 'sky' | 'water' | 'table';
export type IconEntry = { icon: string; placement: Placement; scale: number };

type Group = { placement: Placement; scale: number; lines: string };

const groups: Group[] = [
  {
    placement: 'ground',
    scale: 0.35,
    lines: `ant:
      beetle: bug
      lady-beetle: ladybug ladybird
      snail: slug
      spider: tarantula
      scorpion:
      cricket: grasshopper
      cockroach: roach
      worm: earthworm
      microbe: germ bacteria virus
      baby-chick: chick
      mouse: mice
      rat:
      hamster: gerbil
      chipmunk: squirrel
      hedgehog:
      frog: toad
      lizard: gecko iguana
      mushroom: toadstool
      brown-mushroom:
      seedling: sprout
      herb: plant
      four-leaf-clover: clover
      shamrock:
      potted-plant: houseplant pot_plant
      tulip:
      rose:
      sunflower:
      hibiscus:
      blossom: flower
      white-flower: white_flower daisy
      cherry-blossom: sakura
      hyacinth: lavender_flower
      lotus: water_lily
      bouquet:
      fallen-leaf: leaf autumn_leaf
      maple-leaf:
      nest-with-eggs: nest
      rock: stone boulder
      wood: log firewood
      fire: campfire bonfire flame flames
      skateboard:
      soccer-ball: ball football soccer_ball
      basketball:
      volleyball:
      american-football:
      tennis: tennis_ball
      bowling: bowling_ball
      wrapped-gift: gift present
      teddy-bear: teddy
      jack-o-lantern: pumpkin jack_o_lantern
      bucket: pail
      basket:
      backpack: rucksack
      luggage: suitcase
      fire-extinguisher:
      postbox: mailbox
      headstone: gravestone tombstone
      oil-drum: barrel
      package: box parcel
      toolbox:
      bone:
      paw-prints: pawprint footprints`,
  },
  {
    placement: 'ground',
    scale: 0.6,
    lines: `cat: kitten kitty
      black-cat: black_cat
      rabbit: bunny hare
      chicken: hen
      rooster: cockerel
      duck: duckling mallard
      goose: geese
      turkey:
      dodo:
      penguin:
      owl:
      parrot: macaw parakeet
      peacock: peafowl
      raccoon:
      skunk:
      badger:
      otter:
      beaver:
      sloth:
      koala:
      fox:
      dog: puppy pup doggy hound
      poodle:
      guide-dog:
      service-dog:
      monkey: chimp chimpanzee ape
      turtle: tortoise
      snake: serpent python cobra viper
      crocodile: alligator croc
      dragon:
      unicorn:
      phoenix-bird: phoenix
      person-standing: child kid toddler
      man-standing: boy son
      woman-standing: girl daughter
      baby: infant
      snowman: snowmen
      robot:
      alien: extraterrestrial
      ghost:
      skull:
      umbrella-on-ground: beach_umbrella parasol
      tent: camping_tent
      camping: campsite camp
      bicycle: bike cycle
      motor-scooter: scooter moped vespa
      kick-scooter:
      motorcycle: motorbike
      couch-and-lamp: couch sofa
      chair:
      seat: bench
      bed:
      bathtub: bath tub
      toilet:
      door:
      window:
      ladder:
      guitar:
      violin: fiddle
      drum:
      saxophone: sax
      trumpet:
      accordion:
      banjo:
      musical-keyboard: piano keyboard
      television: tv
      desktop-computer: computer pc
      laptop: notebook_computer
      radio:
      camera:
      telescope:
      microscope:
      crystal-ball:
      globe-showing-europe-africa: globe earth planet_earth
      candle:
      light-bulb: lightbulb bulb lamp
      hourglass-done: hourglass
      alarm-clock: clock
      mantelpiece-clock:
      trophy: cup_trophy
      crown:
      gem-stone: gem diamond jewel
      money-bag: treasure
      coin: coins
      anchor:
      fountain:
      moai: statue
      fuel-pump: gas_pump petrol_pump
      vertical-traffic-light: traffic_light
      stop-sign:
      construction: roadblock barrier
      shopping-cart: trolley cart
      wastebasket: bin trash_can dustbin`,
  },
  {
    placement: 'ground',
    scale: 1,
    lines: `person-standing: person human figure someone stranger
      cactus: cacti
      man-standing: man guy gentleman
      woman-standing: woman lady girlfriend
      person-walking: walker hiker pedestrian
      old-man: grandfather grandpa old_man
      old-woman: grandmother grandma granny old_woman
      older-person: elder
      police-officer: policeman policewoman police cop officer
      cook: chef baker
      farmer:
      artist: painter
      astronaut: spaceman cosmonaut
      student: pupil
      teacher: professor
      scientist: chemist
      health-worker: doctor nurse
      pilot:
      firefighter: fireman
      construction-worker: builder worker
      detective: spy
      guard: soldier
      judge:
      mechanic:
      singer: rockstar
      office-worker: businessman businesswoman
      technologist: programmer developer
      ninja:
      santa-claus: santa father_christmas
      mrs-claus:
      princess: queen
      prince: king
      person-mage: wizard witch mage sorcerer
      person-fairy: fairy
      person-elf: elf elves
      person-vampire: vampire dracula
      person-zombie: zombie
      person-merpeople: mermaid merman
      person-genie: genie
      person-superhero: superhero hero
      person-supervillain: villain supervillain
      troll:
      person-running: runner jogger
      person-surfing: surfer
      person-swimming: swimmer
      person-biking: cyclist biker
      person-climbing: climber
      person-juggling: juggler
      person-golfing: golfer
      person-fencing: fencer
      person-in-lotus-position: yogi meditation
      person-rowing-boat: rower rowing_boat
      man-dancing: dancer
      skier:
      snowboarder:
      people-hugging: hug hugging_couple
      kangaroo: wallaby
      deer: stag doe fawn reindeer
      goat:
      ewe: sheep lamb
      ram:
      llama: alpaca
      pig: piglet hog
      boar: warthog
      wolf: wolves
      leopard: cheetah jaguar panther
      tiger:
      lion: lioness
      bear: grizzly
      polar-bear: polar_bear white_bear
      panda: panda_bear
      gorilla:
      orangutan:
      seal: walrus sea_lion
      flamingo:
      t-rex: dinosaur trex t_rex tyrannosaurus
      automobile: car sedan vehicle
      taxi: cab
      police-car: police_car
      racing-car: race_car racecar
      sport-utility-vehicle: suv jeep
      pickup-truck: pickup
      tractor:
      auto-rickshaw: rickshaw tuk_tuk
      manual-wheelchair: wheelchair`,
  },
  {
    placement: 'ground',
    scale: 1.6,
    lines: `horse: pony stallion mare
      donkey: mule
      cow: cattle calf bull
      ox:
      water-buffalo: buffalo
      bison:
      camel: dromedary
      two-hump-camel:
      zebra:
      moose: elk
      giraffe:
      rhinoceros: rhino
      hippopotamus: hippo
      elephant:
      mammoth:
      sauropod: brontosaurus diplodocus
      bus: coach
      minibus: van
      ambulance:
      fire-engine: fire_truck firetruck fire_engine
      delivery-truck: truck lorry
      articulated-lorry: semi trailer_truck
      locomotive: steam_train engine
      train: railway
      tram: streetcar
      bullet-train: high_speed_train
      roller-coaster: rollercoaster
      ferris-wheel: ferris_wheel
      carousel-horse: carousel merry_go_round
      circus-tent: circus big_top
      christmas-tree: xmas_tree
      palm-tree: palm
      evergreen-tree: pine pine_tree fir conifer spruce
      deciduous-tree: tree oak oak_tree
      house: home cottage cabin
      house-with-garden:
      hut: shack
      derelict-house: ruin ruins haunted_house
      school:
      hospital:
      bank:
      hotel:
      office-building: office skyscraper tower_block
      department-store: store shop mall
      convenience-store:
      post-office:
      factory:
      stadium: arena
      church: chapel cathedral
      mosque:
      synagogue:
      hindu-temple: temple
      shinto-shrine: shrine
      classical-building: museum courthouse parthenon
      castle: fortress palace
      japanese-castle: pagoda
      tokyo-tower: tower eiffel_tower
      statue-of-liberty: statue_of_liberty
      volcano:
      mount-fuji: fuji
      playground-slide: slide playground`,
  },
  {
    placement: 'table',
    scale: 0.3,
    lines: `red-apple: apple red_apple fruit
      green-apple: green_apple
      pear:
      peach:
      cherries: cherry
      strawberry:
      blueberries: blueberry
      grapes: grape
      banana:
      pineapple:
      mango:
      lemon:
      tangerine: orange_fruit clementine mandarin
      watermelon:
      melon: cantaloupe
      kiwi-fruit: kiwi
      coconut:
      avocado:
      tomato:
      eggplant: aubergine
      carrot:
      potato:
      ear-of-corn: corn maize
      hot-pepper: chili chilli pepper
      bell-pepper: capsicum
      cucumber: pickle
      broccoli:
      garlic:
      onion:
      peanuts: peanut
      chestnut: acorn
      bread: loaf
      croissant:
      baguette-bread: baguette
      pretzel:
      bagel:
      pancakes: pancake
      waffle:
      cheese-wedge: cheese
      egg:
      bacon:
      hamburger: burger cheeseburger
      french-fries: fries chips
      pizza:
      hot-dog: hotdog hot_dog
      sandwich:
      taco:
      burrito:
      spaghetti: pasta noodles
      steaming-bowl: ramen soup bowl
      curry-rice: curry
      sushi:
      dumpling:
      cooked-rice: rice
      green-salad: salad
      popcorn:
      cut-of-meat: steak meat
      meat-on-bone: drumstick
      poultry-leg:
      shrimp: prawn
      fried-shrimp:
      ice-cream: ice_cream gelato sundae
      soft-ice-cream: ice_cream_cone cone
      shaved-ice:
      doughnut: donut
      cookie: biscuit
      birthday-cake: cake birthday_cake
      shortcake:
      cupcake: muffin
      pie: tart
      chocolate-bar: chocolate
      candy: sweet sweets
      lollipop:
      custard: pudding flan
      honey-pot: honey
      glass-of-milk: milk
      hot-beverage: coffee cappuccino latte espresso mug
      teacup-without-handle: tea
      teapot: kettle
      bubble-tea: boba
      wine-glass: wine
      beer-mug: beer ale
      cocktail-glass: cocktail martini
      tropical-drink: smoothie
      bottle-with-popping-cork: champagne
      cup-with-straw: soda juice
      jar:
      amphora: vase
      fork-and-knife: cutlery
      spoon:
      kitchen-knife: knife
      books: book library
      open-book:
      notebook:
      scroll: parchment
      envelope: letter mail
      memo: note
      pencil:
      paintbrush: brush
      artist-palette: palette
      scissors:
      hammer:
      wrench: spanner
      axe: hatchet
      key:
      locked: lock padlock
      magnifying-glass-tilted-left: magnifying_glass magnifier
      mobile-phone: phone smartphone cellphone
      telephone:
      headphone: headphones headset
      microphone: mic
      glasses: spectacles
      sunglasses: shades
      billed-cap: cap
      top-hat: hat
      womans-hat: sunhat
      running-shoe: sneaker trainer shoe
      high-heeled-shoe: heel
      hiking-boot: boot
      t-shirt: shirt tshirt
      jeans: trousers pants
      dress: gown
      coat: jacket
      scarf:
      gloves: glove mitten
      socks: sock
      necktie: tie
      handbag: purse
      ring:
      game-die: dice die
      puzzle-piece: puzzle
      joystick:
      video-game: gamepad controller
      yarn: wool
      magic-wand: wand
      bell:
      pill: medicine
      syringe: needle
      test-tube:
      battery:
      magnet:
      compass:
      bomb:
      red-heart: heart love`,
  },
  {
    placement: 'sky',
    scale: 0.55,
    lines: `bird: birdie sparrow robin
      blackbird: crow raven
      dove: pigeon
      eagle: hawk falcon
      swan:
      bat:
      butterfly: moth
      honeybee: bee bumblebee
      fly: housefly
      mosquito:
      feather:
      balloon: hot_air_balloon
      kite:
      parachute: paraglider
      rainbow:
      comet: asteroid meteor
      shooting-star: shooting_star
      ringed-planet: planet saturn
      snowflake:
      cloud-with-lightning: lightning thunderstorm
      tornado: twister
      cyclone: hurricane whirlwind
      wing: wings angel
      sparkles: sparkle glitter magic
      fireworks: firework
      musical-notes: music melody`,
  },
  {
    placement: 'sky',
    scale: 1.4,
    lines: `airplane: plane aeroplane jet aircraft airliner
      small-airplane: biplane
      helicopter: chopper
      rocket: spaceship spacecraft
      flying-saucer: ufo saucer
      satellite:
      dragon-face: flying_dragon`,
  },
  {
    placement: 'water',
    scale: 0.6,
    lines: `fish: goldfish trout salmon
      tropical-fish: clownfish tropical_fish
      blowfish: pufferfish puffer
      crab:
      lobster:
      squid:
      octopus:
      jellyfish: jelly_fish
      spiral-shell: shell seashell
      oyster: clam pearl
      coral: reef
      ring-buoy: lifebuoy buoy
      canoe: kayak
      person-surfing: surfing`,
  },
  {
    placement: 'water',
    scale: 1.6,
    lines: `dolphin: porpoise
      shark:
      whale: orca
      spouting-whale:
      sailboat: boat yacht sailing_boat
      speedboat: motorboat
      motor-boat:
      ferry:
      passenger-ship: ship cruise_ship liner ocean_liner
      ship: steamship
      desert-island: island`,
  },
];

let built: Map<string, IconEntry> | undefined;

/** phrase (words joined by ' ', as written in the lines) → icon; built on first use. */
export function iconVocabulary(): Map<string, IconEntry> {
  if (built) return built;
  built = new Map();
  for (const group of groups) {
    for (const line of group.lines.split('\n')) {
      const [icon, rest = ''] = line.split(':').map((part) => part.trim()) as [string, string?];
      if (!icon) continue;
      const entry: IconEntry = { icon, placement: group.placement, scale: group.scale };
      const phrases = rest ? rest.split(/\s+/).map((word) => word.replace(/_/g, ' ')) : [];
      // The icon's own name calls it too ('deciduous-tree' → 'deciduous tree'), unless listed first elsewhere.
      for (const phrase of [...phrases, icon.replace(/-/g, ' ')]) if (!built.has(phrase)) built.set(phrase, entry);
    }
  }
  return built;
}

/** The longest phrase (in words) the vocabulary holds. */
export const longestPhrase = 3;

const irregular: Record<string, string> = {
  mice: 'mouse',
  geese: 'goose',
  men: 'man',
  women: 'woman',
  children: 'child',
  people: 'person',
  oxen: 'ox',
  wolves: 'wolf',
  leaves: 'leaf',
  knives: 'knife',
  elves: 'elf',
  loaves: 'loaf',
  calves: 'calf',
  scarves: 'scarf',
  cacti: 'cactus',
  fungi: 'mushroom',
  octopi: 'octopus',
};

/** Possible singulars of a word, most likely first ('shoes' → 'shoe', 'tomatoes' → 'tomato'). */
export function singularCandidates(word: string): string[] {
  if (irregular[word]) return [irregular[word]];
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss') || word.endsWith('us')) return [];
  if (word.endsWith('ies')) return [`${word.slice(0, -3)}y`, word.slice(0, -1)];
  if (word.endsWith('es')) return [word.slice(0, -1), word.slice(0, -2)];
  return [word.slice(0, -1)];
}
