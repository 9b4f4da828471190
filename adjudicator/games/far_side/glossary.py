"""Far Side's words in English and French: one table for the reports and the order parser.

The rule book (``004``) is English: every English word below is the book's own, as it writes it
(section in brackets), or the order language's (``orders/far-side.md``). The book has no French
edition, so the French words are the project's own, chosen as a French naval wargamer of the age
of sail says them; each is given here beside the book's section it names:

* the sides (GAME BOARD SETUP, "heads (British)", "tails (French)"): *Anglais*, *Français*;
* the pieces (SHIP CLASS, HULL STRENGTH, RIGGING): *navire*, *classe*, *coque*, *mât*, *gréement*;
* the SKILL TABLE: *Manœuvre* (MAN, or *matelotage*), *Canonnage* (CAN), *Commandement* (CDT), *Moral* (MOR),
  *Tir* (TIR: marksmanship, snipers, muskets), *Abordage* (ABO);
* the TURN SEQUENCE: 1 *dérive* (Drift & Tides), 2 *vent* (Wind), 3 *événement* (Event),
  4 *mouvement* with *mouiller* (Anchor), *se déhaler* (Kedge/Warp: haul the ship on a kedge
  anchor), *naviguer* (Sail), *remorquer* (Tow), *éperonner* (Ram), *rentrer au port* (Dock);
  the wind's MOVE is the ship's *allure*; 6 *au vent* (Windward Position); 7 *réparer* (Repairs
  & Damage Control) with *pompes* (Man the Pumps), *gréement* (Unfoul Spars & Rigging),
  *transférer* (Transfer Command), *incendies* (Extinguish Fires); 11 *engagement* (Raise the
  Ensign); 12 *avantage du vent* (Weather Gage); 13 *feu* (Fire!); 14 *avantage tactique*
  (Tactical Advantage) with *bordée* (Broadside), *bordée lourde* (Heavy Broadside), *par
  l'avant* (Bows-On), *enfilade par l'avant* (Rake the Bow), *canons de chasse* (Bow-Chasers);
  26 *grappiner* (Grapple: *jeter les grappins*); 27 *repousser* (Repel Attack); 28 *abordage*
  (Board); 29 *capturé* (Captured Ships), 10 *coulé* (Sunk Ships);
* the standing orders (the order language): *riposter* (return fire), *cessez le feu* (hold
  fire), *feu à volonté* (fire at will), *priorité* (priority), *permanent* (standing).

A word of the order language maps to the English word the parser reads (``ORDER_TERMS``: the key
of every term that is a word of an order line); its other words (``fr_words``) are what a French
player may also write. Accents and case are ignored (:func:`~adjudicator.games.language.fold`).
"""

from __future__ import annotations

from adjudicator.games.language import Glossary, Term


def _word(key: str, en: str, fr: str, *fr_words: str, en_words: tuple[str, ...] = ()) -> Term:
    """A word of an order line (a verb, a connector): no plural of its own in either language."""
    return Term(key, en=en, fr=fr, en_plural=en, fr_plural=fr, en_words=en_words, fr_words=fr_words)


#: The terms whose English word is a word of an order line, as the parser reads it.
ORDER_TERMS: tuple[str, ...] = (
    # 4 MOVEMENT
    "anchor",
    "kedge",
    "sail",
    "tow",
    "ram",
    "dock",
    "if",
    "move",
    "path",
    "continue",
    "straight",
    "ask",
    "stop",
    # 6 WINDWARD POSITION, 12 WEATHER GAGE
    "windward",
    "gage",
    # 7 REPAIRS & DAMAGE CONTROL
    "repair",
    "pumps",
    "rigging",
    "fires",
    "transfer",
    "cmd",
    "sea",
    "gun",
    "mor",
    "aim",
    "brd",
    "level",
    # 13 ATTACKS, 26 GRAPPLE, 27 REPEL
    "fire",
    "fire-at-will",
    "return-fire",
    "hold-fire",
    "nearest",
    "grapple",
    "repel",
    # standing orders, 1 DRIFT & TIDES
    "standing",
    "drift",
    "ignore",
    "priority",
    "none",
    # the connecting words
    "at",
    "to",
    "from",
    "with",
    "via",
    "then",
    "final",
)

GLOSSARY = Glossary(
    (
        # -- GAME BOARD SETUP, SHIP CLASS, HULL STRENGTH, RIGGING ------------------------------
        Term("british", en="British", fr="Anglais", en_plural="British", fr_plural="Anglais",
             fr_words=("britannique", "britanniques")),
        Term("french", en="French", fr="Français", en_plural="French", fr_plural="Français"),
        Term("ship", en="ship", fr="navire", en_words=("ship tile",), fr_words=("vaisseau", "vaisseaux")),
        Term("class", en="class", fr="classe", en_plural="classes", en_words=("ship class",)),
        Term("hull", en="hull", fr="coque", en_words=("hull strength",), fr_words=("solidité de la coque",)),
        Term("mast", en="mast", fr="mât", en_words=("broken mast", "broken masts"),
             fr_words=("mât brisé", "mâts brisés")),
        Term("board", en="board", fr="plateau", en_words=("game board",), fr_words=("plateaux",)),
        Term("square", en="square", fr="case"),
        Term("turn", en="turn", fr="tour", fr_plural="tours"),
        Term("level", en="level", fr="niveau", fr_plural="niveaux", en_words=("levels",)),
        # -- SKILL TABLE ------------------------------------------------------------------------
        Term("sea", en="SEA", fr="MAN", en_plural="SEA", fr_plural="MAN",
             en_words=("seamanship",), fr_words=("manœuvre", "manoeuvre", "matelotage")),
        Term("gun", en="GUN", fr="CAN", en_plural="GUN", fr_plural="CAN",
             en_words=("gunnery",), fr_words=("canonnage",)),
        Term("cmd", en="CMD", fr="CDT", en_plural="CMD", fr_plural="CDT",
             en_words=("command", "command authority"), fr_words=("commandement",)),
        Term("mor", en="MOR", fr="MOR", en_plural="MOR", fr_plural="MOR",
             en_words=("morale",), fr_words=("moral",)),
        Term("aim", en="AIM", fr="TIR", en_plural="AIM", fr_plural="TIR",
             en_words=("marksmanship",), fr_words=("précision",)),
        Term("brd", en="BRD", fr="ABO", en_plural="BRD", fr_plural="ABO",
             en_words=("boarding",), fr_words=("abordage", "abordages")),
        Term("skill", en="skill", fr="compétence", en_words=("skill level",)),
        # -- TURN SEQUENCE ----------------------------------------------------------------------
        Term("drift", en="drift", fr="dérive", en_plural="drift", fr_plural="dérive",
             en_words=("drift & tides",), fr_words=("dériver",)),
        Term("wind", en="wind", fr="vent", en_plural="wind", fr_plural="vent"),
        Term("event", en="event", fr="événement"),
        Term("gust", en="gust", fr="rafale", en_words=("gusts & shifting winds",)),
        Term("storm", en="storm", fr="tempête", en_words=("storm damage",)),
        Term("move", en="MOVE", fr="allure", en_plural="MOVE", fr_plural="allure"),
        Term("movement", en="movement", fr="mouvement", en_plural="movement", fr_plural="mouvements"),
        _word("anchor", "anchor", "mouiller", "mouillage", "ancre"),
        _word("kedge", "kedge", "déhaler", "se déhaler", en_words=("warp",)),
        _word("sail", "sail", "naviguer", "voile", "faire voile"),
        _word("tow", "tow", "remorquer", "remorque"),
        _word("ram", "ram", "éperonner", "éperon"),
        _word("dock", "dock", "au port", "port", "rentrer au port", en_words=("docked",)),
        _word("if", "if", "si"),
        _word("path", "path", "route"),
        _word("continue", "continue", "continuer", "suite"),
        _word("straight", "straight", "tout droit", "droit"),
        _word("ask", "ask", "demander"),
        _word("stop", "stop", "arrêter", "arrêt"),
        Term("range", en="range", fr="portée", en_words=("short range", "long range")),
        Term("short", en="short", fr="courte", en_plural="short", fr_plural="courte"),
        Term("long", en="long", fr="longue", en_plural="long", fr_plural="longue"),
        _word("windward", "windward", "au vent", en_words=("windward position",)),
        _word("gage", "gage", "avantage du vent", en_words=("weather gage",)),
        _word("repair", "repair", "réparer", "réparation", "réparations", en_words=("repairs",)),
        _word("pumps", "pumps", "pompes", "pompe", en_words=("pump",)),
        _word("rigging", "rigging", "gréement", "gréements", en_words=("rig",)),
        _word("fires", "fires", "incendies", "incendie"),
        _word("transfer", "transfer", "transférer", "transfert"),
        Term("engagement", en="engagement token", fr="marqueur d'engagement",
             en_words=("engaged", "engagement"), fr_words=("engagé", "engagés", "engagement")),
        Term("tact", en="TACT", fr="avantage tactique", en_plural="TACT", fr_plural="avantages tactiques",
             en_words=("tactical advantage",)),
        Term("broadside", en="broadside", fr="bordée", fr_plural="bordées"),
        Term("heavy-broadside", en="heavy broadside", fr="bordée lourde", fr_plural="bordées lourdes"),
        Term("bows-on", en="bows-on", fr="par l'avant", en_plural="bows-on", fr_plural="par l'avant"),
        Term("rake", en="rake the bow", fr="enfilade par l'avant", en_plural="rake the bow",
             fr_plural="enfilades par l'avant"),
        Term("bow-chasers", en="bow-chasers", fr="canons de chasse", en_plural="bow-chasers",
             fr_plural="canons de chasse", en_words=("bow-chaser",), fr_words=("canon de chasse",)),
        Term("hit", en="HIT", fr="touche", en_plural="HIT", fr_plural="touches"),
        Term("damage", en="DAMAGE", fr="dégât", en_plural="DAMAGE", fr_plural="dégâts"),
        _word("fire", "fire", "feu", "tirer", "feux"),
        _word("fire-at-will", "fire at will", "feu à volonté", "tirer à volonté"),
        _word("return-fire", "return fire", "riposter", "riposte"),
        _word("hold-fire", "hold fire", "cessez le feu", "cessez-le-feu", "halte au feu"),
        _word("nearest", "nearest", "le plus proche", "plus proche", "proche", en_words=("any",)),
        _word("grapple", "grapple", "grappiner", "grappin", "grappins"),
        _word("repel", "repel", "repousser", en_words=("ungrapple",)),
        Term("captured", en="captured", fr="capturé", en_plural="captured", fr_plural="capturés"),
        Term("sunk", en="sunk", fr="coulé", en_plural="sunk", fr_plural="coulés"),
        Term("sinking", en="sinking", fr="en perdition", en_plural="sinking", fr_plural="en perdition"),
        # -- the standing orders and the requests ------------------------------------------------
        _word("standing", "standing", "permanent", "ordre permanent", "ordres permanents",
              en_words=("standing orders",)),
        _word("ignore", "ignore", "ignorer"),
        _word("priority", "priority", "priorité"),
        _word("none", "none", "aucun", "aucune"),
        Term("reaction", en="reaction", fr="réaction"),
        Term("attack", en="attack", fr="attaque", en_words=("attacks",)),
        # -- the connecting words of an order line ----------------------------------------------
        _word("at", "at", "sur", "contre"),
        _word("to", "to", "à", "vers"),
        _word("from", "from", "de", "en prenant sur"),
        _word("with", "with", "avec"),
        _word("via", "via", "par"),
        _word("then", "then", "puis"),
        _word("final", "final", "fin"),
    )
)  # fmt: skip
