// SPDX-License-Identifier: MIT
// A 6-decimal ERC-20 for the chain tests (apps/server/src/test/chain/evm.ts compiles it with solc):
// OpenZeppelin's ERC20 with Tether's blacklist rule (a transfer from or to a blocked address
// reverts), and one call that makes several transfers in one transaction.
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract TestUsdt is ERC20 {
    mapping(address => bool) public blocked;

    constructor(uint256 supply) ERC20("Tether USD", "USDT") {
        _mint(msg.sender, supply);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function setBlocked(address account, bool value) external {
        blocked[account] = value;
    }

    function transferMany(address[] calldata to, uint256[] calldata values) external {
        require(to.length == values.length, "lengths");
        for (uint256 i = 0; i < to.length; i++) {
            _transfer(msg.sender, to[i], values[i]);
        }
    }

    function _update(address from, address to, uint256 value) internal override {
        require(!blocked[from] && !blocked[to], "blocked");
        super._update(from, to, value);
    }
}
