"""Mare Nostrum's things and order words in English and in French, as the rule book writes them.

The rule book is ``shared/rules/002_2526c544881e0d68.txt`` ("8. La phase militaire"); each French
word below is the book's, from the section named beside it, unless it says "project": a word the
book does not need (its orders are written by hand) that the order language gives a French player.

The order parser (:mod:`.orders`) reads this table to accept the French words beside the English
ones, and the canonical text is echoed in French from it; the reports name things from it. A term's
``key`` is the English word of the order language where the term is an order word (``hold``,
``buy``, ``mercenaries``...), so the parser reads a word of either language as that key.

Province and sea-zone names are the project's map data (Latin names) and are not translated.
"""

from __future__ import annotations

from adjudicator.games.language import Glossary, Term

GLOSSARY = Glossary(
    (
        # -- units and what they carry (2. Achat d'armée et de flottes; 3.; 4.1; 4.2) ---------------
        Term("army", en="army", fr="armée", en_plural="armies", fr_plural="armées", en_words=("armys",)),
        # 8. "flotte de guerre"
        Term("fleet", en="fleet", fr="flotte", fr_words=("flotte de guerre", "flottes de guerre")),
        # 4.1 "accompagnée par un Ingénieur"
        Term("engineer", en="engineer", fr="ingénieur"),
        # 4.2 "un prêtre de la guerre", 4.1 "prêtre du dieu de la Guerre"
        Term("priest", en="priest", fr="prêtre", en_words=("war priest",), fr_words=("prêtre de la guerre",)),
        # 3. Les mercenaires
        Term(
            "mercenaries",
            en="mercenary",
            fr="mercenaire",
            en_plural="mercenaries",
            fr_plural="mercenaires",
            en_words=("merc",),
        ),
        # 2. "13 socles au lieu de 12"
        Term("element", en="element", fr="socle"),
        # 2. "une unité de Garde Sacrée"
        Term("guard", en="Sacred Guard", fr="Garde Sacrée", en_plural="Sacred Guard", en_words=("guard",)),
        # 4. "une unité", project: the units the orders name (A1, F1)
        Term("unit", en="unit", fr="unité"),
        # -- the map (2.; 4.1; 4.2; 8.) ---------------------------------------------------------------
        Term("province", en="province", fr="province"),
        # project: a province or a sea zone, as the orders name them
        Term("place", en="place", fr="lieu", fr_plural="lieux"),
        # 2. "une zone maritime adjacente"
        Term("sea", en="sea zone", fr="zone maritime", fr_plural="zones maritimes"),
        # 2. "tous les ports ne sont pas équipés en arsenal"
        Term("port", en="port", fr="port"),
        Term("arsenal", en="arsenal", fr="arsenal", fr_plural="arsenaux"),
        # 4.1 "La capitale dispose d'une forteresse"
        Term("fortress", en="fortress", fr="forteresse", en_plural="fortresses"),
        Term("capital", en="capital", fr="capitale"),
        # 2. "sa province d'origine"
        Term("home", en="home province", fr="province d'origine", fr_plural="provinces d'origine"),
        # 4.2 "déménager son gouvernement"
        Term("government", en="government", fr="gouvernement"),
        # 7. Province contestée
        Term("contested", en="contested province", fr="province contestée"),
        # 4.1 "province indépendante"
        Term("independent", en="independent", fr="indépendante", fr_plural="indépendantes"),
        # 4.1 "le facteur démographique de la province"
        Term("demography", en="demographic factor", fr="facteur démographique"),
        # 4.1 "la Résistance de la Province"
        Term("resistance", en="Resistance", fr="Résistance"),
        # 4.1 "le Marché Local"
        Term("market", en="local market", fr="Marché Local", fr_plural="Marchés Locaux"),
        # 4.3 "couper les routes commerciales"
        Term("routes", en="trade route", fr="route commerciale", fr_plural="routes commerciales"),
        # 8. "l'accès de cette zone aux caravanes"
        Term("caravans", en="caravan", fr="caravane"),
        # 9. "une bande de brigands", "un navire pirate"
        Term(
            "brigands",
            en="brigand band",
            fr="bande de brigands",
            fr_plural="bandes de brigands",
            en_words=("brigands",),
            fr_words=("brigands",),
        ),
        Term(
            "pirates",
            en="pirate ship",
            fr="navire pirate",
            fr_plural="navires pirates",
            en_words=("pirates",),
            fr_words=("pirates",),
        ),
        # -- money (2. "50PO pour une armée"; project: the treasury that holds it) ------------------
        Term("po", en="PO", fr="PO", en_plural="PO", fr_plural="PO", fr_words=("pièces d'or",)),
        Term("treasury", en="treasury", fr="trésor", en_plural="treasuries"),
        Term("income", en="income", fr="revenu"),
        # -- the turn and its phases (1. Déroulement de la phase militaire; 9.) -------------------
        Term("turn", en="turn", fr="tour"),
        Term("year", en="year", fr="année"),
        Term("military-phase", en="military phase", fr="phase militaire"),
        # 5. "la fin de ma phase de mouvement"
        Term("movement-phase", en="movement phase", fr="phase de mouvement"),
        Term("economic-phase", en="economic phase", fr="phase économique"),
        Term("commercial-phase", en="commercial phase", fr="phase commerciale"),
        # 9. "durant la Phase Administrative"
        Term("administrative-phase", en="Administrative Phase", fr="Phase Administrative"),
        # 1. "Achats de nouvelles armées et flottes"
        Term("purchases", en="purchase", fr="achat"),
        # 4.1 "Invasion d'une province indépendante"
        Term("invasion", en="invasion", fr="invasion"),
        # 8. "une bataille navale"
        Term("naval-battle", en="naval battle", fr="bataille navale", fr_plural="batailles navales"),
        # 4.2 "un combat tactique"
        Term("combat", en="fight", fr="combat"),
        # 5. "un marqueur Épuisé I ou II"
        Term("exhausted", en="Exhausted", fr="Épuisé", en_plural="Exhausted", fr_plural="Épuisés"),
        # 2. "l'arbitre"
        Term("referee", en="referee", fr="arbitre"),
        Term("nation", en="nation", fr="nation"),
        # -- order words: unit orders (4. Mouvements; 4.3 Armée en garnison; 8. Les flottes) -------
        # 4. "une armée qui ne se déplace pas est dite en garnison", a fleet "en mouillage"
        Term(
            "hold",
            en="hold",
            fr="garnison",
            en_plural="hold",
            fr_plural="garnison",
            en_words=("garrison",),
            fr_words=("mouillage", "reste", "tient"),
        ),
        # 4. "Mouvements d'armées et de flottes", "se déplacer"
        Term(
            "move",
            en="move",
            fr="mouvement",
            en_plural="moves",
            fr_plural="mouvements",
            fr_words=("va", "déplace", "déplacer", "bouge"),
        ),
        # 4.1 "embarque sur une flotte de guerre"
        Term(
            "embark",
            en="embark",
            fr="embarque",
            en_plural="embark",
            fr_plural="embarque",
            fr_words=("embarquer",),
        ),
        # project: leaving the fleet for a province (the book has no word: it needs no landing order)
        Term(
            "land", en="land", fr="débarque", en_plural="land", fr_plural="débarque", fr_words=("débarquer",)
        ),
        # 8. "effectuer un blocus"
        Term("blockade", en="blockade", fr="blocus", en_plural="blockade", fr_plural="blocus"),
        # 4.3 "Si elle pille la province"
        Term(
            "pillage",
            en="pillage",
            fr="pille",
            en_plural="pillage",
            fr_plural="pille",
            fr_words=("piller", "pillage"),
        ),
        # 4.3 "PEUT couper les routes commerciales"
        Term("cut", en="cut", fr="coupe", en_plural="cut", fr_plural="coupe", fr_words=("couper",)),
        # 5. "engager volontairement un combat"; 8. "une bataille navale si l'un des deux le souhaite"
        Term(
            "engage", en="engage", fr="engage", en_plural="engage", fr_plural="engage", fr_words=("engager",)
        ),
        # 4.1 "prend le contrôle de la province"
        Term(
            "control",
            en="control",
            fr="contrôle",
            en_plural="control",
            fr_plural="contrôle",
            fr_words=("contrôler",),
        ),
        # 4.2 b "Installer le siège de la cité"
        Term("siege", en="siege", fr="siège", en_plural="sieges", fr_plural="sièges", fr_words=("assiège",)),
        # 9. "tenter de l'intercepter"
        Term(
            "intercept",
            en="intercept",
            fr="intercepte",
            en_plural="intercept",
            fr_plural="intercepte",
            fr_words=("intercepter", "interception"),
        ),
        # 4.1 "l'armée retraite dans une province adjacente"; 4.2 a "replie"
        Term(
            "retreat",
            en="retreat",
            fr="retraite",
            en_plural="retreats",
            fr_plural="retraites",
            fr_words=("replie", "repli"),
        ),
        # 9. "déplacer la bande de brigands ... dans la zone adjacente de son choix"
        Term("drive", en="drive", fr="chasse", en_plural="drive", fr_plural="chasse", fr_words=("chasser",)),
        # 7. "s'ils décident d'en venir aux mains"; project: the word of those who decide not to
        Term("truce", en="truce", fr="trêve", en_plural="truces", fr_plural="trêves"),
        # -- order words: purchases and choices (2. Achat; 3. "embaucher une unité de mercenaires") -
        Term("buy", en="buy", fr="achète", en_plural="buy", fr_plural="achète", fr_words=("acheter",)),
        Term(
            "hire",
            en="hire",
            fr="embauche",
            en_plural="hire",
            fr_plural="embauche",
            fr_words=("embaucher", "recrute"),
        ),
        # 1. "Ecriture des ordres"; 6. "livrer la première bataille"
        Term("order", en="order", fr="ordre"),
        Term("battle", en="battle", fr="bataille"),
        Term("battle-order", en="battle order", fr="ordre de bataille", fr_plural="ordres de bataille"),
        # -- the referee's battle results (4.2 "remporte la victoire"; 8. "le perdant est détruit") -
        Term(
            "wins",
            en="wins",
            fr="gagne",
            en_plural="wins",
            fr_plural="gagne",
            en_words=("won",),
            fr_words=("remporte", "vainqueur"),
        ),
        Term(
            "lost", en="lost", fr="perdu", en_plural="lost", fr_plural="perdus", fr_words=("perdue", "perte")
        ),
        # 4.1 "il lance un d10"; project: "dés" for the built-in dice
        Term("dice", en="dice", fr="dés", en_plural="dice", fr_plural="dés"),
    )
)

#: The terms that are words of the order language: the parser reads any of their words as the key.
ORDER_WORDS = frozenset(
    {
        "hold",
        "move",
        "embark",
        "land",
        "blockade",
        "pillage",
        "cut",
        "engage",
        "control",
        "siege",
        "intercept",
        "retreat",
        "drive",
        "truce",
        "buy",
        "hire",
        "government",
        "battle",
        "order",
        "army",
        "fleet",
        "engineer",
        "priest",
        "mercenaries",
        "wins",
        "lost",
        "dice",
    }
)

#: Small French words a player may write between the order words, dropped as ``->`` and ``to`` are
#: (``A1 va vers Etruria``, ``A1 embarque sur F1``, ``ordre de bataille A2 A1``); none begins a
#: place's name, so none can be a shortened place.
FILLERS = frozenset({"vers", "en", "sur", "dans", "de", "à"})
