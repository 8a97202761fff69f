/// The feed `feed.units` starts with: seven cards written for this project.
///
/// Kept as JSON text and decoded by ``FeedDecoder`` (the same path as `feed load`) the first
/// time the key is read. The cards have 8, 3, 2, 6, 5, 5 and 4 detail units; their emoji include
/// ZWJ sequences, variation selectors and flags, and one unit has none.
enum EmbeddedFeed {
    /// The feed file, in the shape `feed load` reads.
    static let json = #"""
        {
          "units": [
            {
              "title": "Pixel Art for Beginners",
              "subtitle": "Get started",
              "emoji": "🎨",
              "color": "purple",
              "details": [
                {
                  "title": "Start with a tiny canvas",
                  "emoji": "🟪",
                  "paragraph": "Sixteen by sixteen pixels is plenty. A small grid makes every dot earn its place, and you finish a sprite before your tea goes cold."
                },
                {
                  "title": "Pick a palette of four",
                  "emoji": "🖌️",
                  "paragraph": "Choose one dark, one light and two colours in between. Limits make a picture hang together; a fifth colour can wait until the picture asks for it."
                },
                {
                  "title": "Outline first, fill later",
                  "emoji": "✏️",
                  "paragraph": "Block in the silhouette with your darkest colour. If the shape reads at a glance, the rest is decoration."
                },
                {
                  "title": "Zoom out often",
                  "emoji": "🔍",
                  "paragraph": "Pixel art lives at its real size. Every few minutes, look at the sprite at 100% and fix whatever looks wrong from across the room."
                },
                {
                  "title": "Shade in clusters",
                  "emoji": "🌗",
                  "paragraph": "Light comes from one side. Group shading pixels into small clumps instead of scattering them, and the form turns solid."
                },
                {
                  "title": "Tame the jaggies",
                  "emoji": "🧱",
                  "paragraph": "A diagonal line looks smooth when its steps grow and shrink evenly: 3-3-3 or 2-1-2, never 3-1-4."
                },
                {
                  "title": "Make it move",
                  "emoji": "🎞️",
                  "paragraph": "Two frames are an animation. Shift a highlight by one pixel and play it back slowly; the sprite starts to breathe."
                },
                {
                  "title": "Share the tiny masterpiece",
                  "emoji": "🖼️",
                  "paragraph": "Export at 400% with nearest-neighbour scaling so the pixels stay crisp, then show it to someone who will ask how you did it."
                }
              ]
            },
            {
              "title": "Grow a Kitchen Garden",
              "subtitle": "App of the day",
              "emoji": "🌱",
              "color": "green",
              "details": [
                {
                  "title": "Pots before plots",
                  "emoji": "🪴",
                  "paragraph": "A windowsill and three pots teach you more in one season than a book does in a winter. Start small and keep it where you walk past it daily."
                },
                {
                  "title": "Water in the morning",
                  "emoji": "💧",
                  "paragraph": "Roots drink best before the day warms up, and leaves that dry by noon stay healthy. A finger in the soil tells you when: dry at the first knuckle means water."
                },
                {
                  "title": "Herbs that forgive",
                  "emoji": "🌿",
                  "paragraph": "Mint, chives and parsley survive a forgotten week. Basil sulks in the cold, so give it the sunniest spot you have."
                }
              ]
            },
            {
              "title": "Brighter Mornings",
              "subtitle": "Quick tip",
              "emoji": "☀️",
              "color": "yellow",
              "details": [
                {
                  "title": "One alarm, across the room",
                  "emoji": "⏰",
                  "paragraph": "Put the alarm where you have to stand up to stop it. By the time you reach it, the hardest part of the morning is over."
                },
                {
                  "title": "Breakfast by the window",
                  "emoji": "🥣",
                  "paragraph": "Ten minutes of daylight with your breakfast tells your body clock that the day has begun, even when the sky is grey."
                }
              ]
            },
            {
              "title": "Six Kitchens, Six Flags",
              "subtitle": "Around the world",
              "emoji": "🍜",
              "color": "orange",
              "details": [
                {
                  "title": "Miso ramen in Sapporo",
                  "emoji": "🇯🇵",
                  "paragraph": "In winter the city queues for 味噌ラーメン: a rich miso broth, sweet corn and a slab of butter melting on top."
                },
                {
                  "title": "Tacos al pastor in Mexico City",
                  "emoji": "🇲🇽",
                  "paragraph": "Pork marinated in chilli and achiote turns slowly on a vertical spit, topped with a slice of roasted pineapple."
                },
                {
                  "title": "Cacio e pepe in Rome",
                  "emoji": "🇮🇹",
                  "paragraph": "Three ingredients and no mercy: pecorino, black pepper and pasta water, stirred fast enough to become a sauce instead of a lump."
                },
                {
                  "title": "Masala dosa in Bengaluru",
                  "emoji": "🇮🇳",
                  "paragraph": "A fermented rice and lentil crêpe, crisp as paper, rolled around spiced potato and served with coconut chutney."
                },
                {
                  "title": "Cre\u0300me bru\u0302le\u0301e in Lyon",
                  "emoji": "🇫🇷",
                  "paragraph": "Crack the caramel with the back of the spoon. The custard underneath should still be cool, and the sugar still warm."
                },
                {
                  "title": "Ceviche in Lima",
                  "emoji": "🇵🇪",
                  "paragraph": "Raw fish cooks in lime juice for just a few minutes, with red onion, chilli and a spoonful of sweet potato on the side."
                }
              ]
            },
            {
              "title": "The Family Workshop",
              "subtitle": "Behind the scenes",
              "emoji": "👨‍👩‍👧‍👦",
              "color": "brown",
              "details": [
                {
                  "title": "Grandpa's lathe",
                  "emoji": "🧑‍🔧",
                  "paragraph": "The lathe is older than the house. Every bowl in the shop starts on it, and grandpa still checks each one by running a thumb along the rim."
                },
                {
                  "title": "Mum paints the signs",
                  "emoji": "👩‍🎨",
                  "paragraph": "Every price tag and shop sign is lettered by hand. She keeps one brush for numbers only and will not lend it to anyone."
                },
                {
                  "title": "The online shop",
                  "emoji": "🧑‍💻",
                  "paragraph": "The eldest son photographs each piece by the north window, so the wood looks the same on your screen as on your table."
                },
                {
                  "title": "Saturday apprentices",
                  "emoji": "👨‍👧",
                  "paragraph": "On Saturdays the youngest learns to sharpen chisels. The rule is simple: no cutting until the edge shaves a hair."
                },
                {
                  "title": "Every offcut counts",
                  "emoji": "🪵",
                  "paragraph": "Scraps become spoons, spoons become coasters, and the last shavings light the stove in the morning."
                }
              ]
            },
            {
              "title": "Stargazing from the City",
              "subtitle": "Tonight",
              "emoji": "🔭",
              "color": "blue",
              "details": [
                {
                  "title": "Start with the Moon",
                  "emoji": "🌙",
                  "paragraph": "Even cheap binoculars show craters along the line between day and night. A half moon shows more relief than a full one."
                },
                {
                  "title": "Find Saturn's rings",
                  "emoji": "🪐",
                  "paragraph": "A small telescope at 50× magnification shows the rings as a clear oval. Look for the steady, pale yellow point that does not twinkle."
                },
                {
                  "title": "Let your eyes adjust",
                  "emoji": "✨",
                  "paragraph": "Put the phone away for twenty minutes. Your eyes need that long to adapt to the dark, and one bright screen undoes it."
                },
                {
                  "title": "Spot a satellite",
                  "emoji": "🛰️",
                  "paragraph": "Just after dusk, watch for a star that moves steadily and does not blink. The space station is the brightest of them all."
                },
                {
                  "title": "A note on light pollution",
                  "emoji": null,
                  "paragraph": "Street lights wash out faint stars, so face away from the brightest part of the sky and use a roof or a park to hide the lamps."
                }
              ]
            },
            {
              "title": "Make Your Terminal Sing",
              "subtitle": "Weekend project",
              "emoji": "🎹",
              "color": "teal",
              "details": [
                {
                  "title": "The humble bell",
                  "emoji": "🔔",
                  "paragraph": "Every terminal has a bell. Print the BEL character and it beeps, flashes or does nothing at all, depending on who set it up."
                },
                {
                  "title": "Notes from numbers",
                  "emoji": "🎼",
                  "paragraph": "A note is a frequency: A is 440 Hz and each semitone up multiplies it by the twelfth root of two. A short table turns a tune into numbers."
                },
                {
                  "title": "A beat in a loop",
                  "emoji": "🥁",
                  "paragraph": "Play a note, sleep an eighth of a second, repeat. Four lines of script and the room starts to tap along."
                },
                {
                  "title": "Play it for the room",
                  "emoji": "🎧",
                  "paragraph": "Pipe the tune to the speaker on the projector and let the workshop guess the song before the chorus."
                }
              ]
            }
          ]
        }
        """#
}
