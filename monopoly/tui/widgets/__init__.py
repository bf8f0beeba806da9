"""The regions of the game screen, one widget a module, all behind ``Displayable``'s one contract
(``draw(lay)``): ranger's ``gui/widgets``. The screen owns the window, the game and the UI state;
each widget reads them through the screen and draws its own part of the layout."""
